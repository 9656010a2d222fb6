import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@Suite struct QuestionsMapperTests {
    @Test func mapsTheWrapper() throws {
        let page = try QuestionsMapper.map(data: try Fixtures.questionsPage, response: ok)

        #expect(page.questions.count == 9)
        #expect(page.hasMore)
        #expect(page.quotaMax == 10_000)
        #expect(page.quotaRemaining == 9_994)
        #expect(page.backoffSeconds == nil)
    }

    @Test func mapsARegisteredOwnersQuestionAndDecodesItsTitle() throws {
        let question = try #require(try mapPage().first { $0.id == "79123456" })

        #expect(
            question
                == Question(
                    id: "79123456",
                    title: "SwiftUI List doesn't update after mutating an @Observable model from a detached Task",
                    tags: ["swiftui", "swift", "observation", "swift-concurrency"],
                    score: 3, answerCount: 1, viewCount: 212, isAnswered: false,
                    creationDate: Date(timeIntervalSince1970: 1_731_492_300),
                    link: URL(
                        string: "https://stackoverflow.com/questions/79123456/"
                            + "swiftui-list-doesnt-update-after-mutating-an-observable-model-from-a-detached"
                    ),
                    owner: User(
                        id: "5512", kind: .registered, displayName: "Zoë Laurent", reputation: 312,
                        profileImage: URL(string: "https://i.sstatic.net/zoe-laurent.png?s=256"),
                        link: URL(string: "https://stackoverflow.com/users/5512/zoe-laurent"))))
    }

    @Test(arguments: [
        ("79104455", "Lars \"Bits\" Nilsen"),
        ("79095012", "Jörg Müller"),
        ("79080002", "<script>alert(1)</script>"),
    ])
    func decodesEntitiesInDisplayNames(id: String, name: String) throws {
        #expect(try mapPage().first { $0.id.rawValue == id }?.owner?.displayName == name)
    }

    @Test func decodesEntitiesInTitles() throws {
        let titles = try mapPage().map(\.title)

        #expect(
            titles.contains(
                "Swift 6: 'Capture of non-sendable type in a @Sendable closure' when passing a completion handler"))
        #expect(!titles.contains { $0.contains("&#") || $0.contains("&quot;") || $0.contains("&amp;") })
    }

    @Test func aDeletedOwnerHasOnlyADisplayName() throws {
        let owner = try #require(try mapPage().first { $0.id == "79113987" }?.owner)

        #expect(owner == User(kind: .doesNotExist, displayName: "user12345"))
    }

    @Test func aQuestionWithoutOwnerHasNone() throws {
        let question = try #require(try mapPage().first { $0.id == "65432100" })

        #expect(question.owner == nil)
        #expect(question.viewCount == 1_204_500)
    }

    @Test func anUnregisteredOwnerHasNoIdentifierOfAnAccount() throws {
        let owner = try #require(try mapPage().first { $0.id == "79075555" }?.owner)

        #expect(owner.kind == .unregistered)
        #expect(owner.reputation == 1)
    }

    @Test func aClosedQuestionKeepsItsDateAndReason() throws {
        let question = try #require(try mapPage().first { $0.id == "78650033" })

        #expect(question.isClosed)
        #expect(question.closedReason == "Duplicate")
        #expect(question.closedDate == Date(timeIntervalSince1970: 1_718_895_600))
        #expect(question.score == -2)
    }

    @Test func theListHasNoBodies() throws {
        #expect(try mapPage().allSatisfy { $0.bodyHTML == nil })
    }

    @Test func surfacesAPositiveBackoff() throws {
        let page = try QuestionsMapper.map(data: try Fixtures.questionsPageWithBackoff, response: ok)

        #expect(page.backoffSeconds == 10)
        #expect(page.quotaRemaining == 9_871)
    }

    @Test(arguments: ["0", "-3"])
    func ignoresABackoffThatIsNotPositive(backoff: String) throws {
        let json = Fixtures.json(#"{"items":[],"has_more":false,"backoff":"# + backoff + "}")

        #expect(try QuestionsMapper.map(data: json, response: ok).backoffSeconds == nil)
    }

    @Test func leavesOutQuotaTheAPIDidNotSend() throws {
        let page = try QuestionsMapper.map(data: Fixtures.json(#"{"items":[],"has_more":false}"#), response: ok)

        #expect(page == QuestionsPage(questions: [], hasMore: false))
    }

    @Test func readsIdentifiersSentAsStrings() throws {
        let json = Fixtures.json(
            #"{"items":[{"question_id":"79123456","title":"t","tags":[],"score":0,"answer_count":0,"view_count":0,"#
                + #""is_answered":false,"creation_date":0,"owner":{"user_id":"5512","display_name":"x"}}],"#
                + #""has_more":false}"#
        )

        let question = try #require(try QuestionsMapper.map(data: json, response: ok).questions.first)

        #expect(question.id == "79123456")
        #expect(question.owner?.id == "5512")
    }

    private let ok = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json; charset=utf-8"])

    private func mapPage() throws -> [Question] {
        try QuestionsMapper.map(data: try Fixtures.questionsPage, response: ok).questions
    }
}

import Foundation
import QuestionsFeature
import Testing

@Suite struct QuestionDetailRendererTests {
    private let sut = QuestionDetailRenderer(now: Samples.now)

    @Test func rendersTheWholeDetail() {
        let detail = QuestionDetail(question: Samples.question(), avatar: Samples.avatar)

        #expect(
            sut.render(detail) == """
                SwiftUI List doesn't update
                [swiftui] [swift]
                3 votes · 1 answer · 212 views
                Asked Nov 13, 2024 at 10:05 UTC (1 day ago) by Zoë Laurent (312 reputation)
                Avatar: PNG, 64x64, 1,204 bytes
                https://stackoverflow.com/questions/79123456

                Body with `code`.
                """)
    }

    @Test func marksClosedQuestionsWithReasonAndDate() {
        var question = Samples.question(profileImage: nil)
        question.closedReason = "Duplicate"
        question.closedDate = Date(timeIntervalSince1970: 1_718_895_600)

        let lines = sut.render(QuestionDetail(question: question)).split(separator: "\n")

        #expect(lines.first == "SwiftUI List doesn't update [closed]")
        #expect(lines.contains("Closed as \"Duplicate\" on Jun 20, 2024 at 15:00 UTC"))
        #expect(lines.contains("Avatar: none"))
    }

    @Test func describesDeletedMissingAndUnknownOwners() {
        let deleted = Samples.question(owner: User(kind: .doesNotExist, displayName: "user12345"), profileImage: nil)
        let anonymous = Samples.question(owner: nil, profileImage: nil)
        let bigShot = Samples.question(owner: User(displayName: "Jon", reputation: 1_500_000), profileImage: nil)

        #expect(sut.render(QuestionDetail(question: deleted)).contains("(1 day ago) by user12345 (deleted account)\n"))
        #expect(sut.render(QuestionDetail(question: anonymous)).contains("(1 day ago)\nhttps://"))
        #expect(sut.render(QuestionDetail(question: bigShot)).contains("by Jon (1.5m reputation)\n"))
    }

    @Test func describesTheAvatarOutcome() {
        let question = Samples.question()
        let unknown = Avatar(data: Data([1]), format: .unknown)

        #expect(
            sut.render(QuestionDetail(question: question, avatar: unknown)).contains(
                "\nAvatar: unknown format, 1 byte\n"))
        #expect(
            sut.render(QuestionDetail(question: question, avatarError: "HTTP 404")).contains(
                "\nAvatar: not loaded (HTTP 404)\n"))
    }

    @Test func saysWhenTheBodyIsMissingOrEmpty() {
        var question = Samples.question()
        question.bodyHTML = nil
        #expect(
            sut.render(QuestionDetail(question: question)).hasSuffix(
                "\n\n(The response did not include the question's body.)"))
        question.bodyHTML = "<p> </p>"
        #expect(sut.render(QuestionDetail(question: question)).hasSuffix("\n\n(The question's body is empty.)"))
    }

    @Test func rendersLoadingAndFailure() {
        #expect(sut.render(.loading) == "Loading question…")
        #expect(sut.render(.failed(message: "Could not load question 1: x\ny")) == "Could not load question 1: x\ny")
    }
}

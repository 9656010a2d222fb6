import Foundation
import QuestionsFeature
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The keys of the `--json` documents, mapped from the feature's models.
@Suite struct JSONDocumentTests {
    @Test func questionUsesSnakeCaseKeysAndLeavesOutAbsentValues() throws {
        let question = Question(
            id: "1", title: "T", tags: ["a"], score: -2, answerCount: 3, viewCount: 4, isAnswered: true,
            creationDate: Date(timeIntervalSince1970: 0))

        let object = try encode(QuestionJSON(question))

        #expect(
            Set(object.keys) == [
                "id", "title", "tags", "score", "answer_count", "view_count", "is_answered", "creation_date",
            ])
        #expect(object["id"] as? String == "1")
        #expect(object["creation_date"] as? String == "1970-01-01T00:00:00Z")
    }

    @Test func fullQuestionEncodesEveryKey() throws {
        let question = Question(
            id: "1", title: "T", tags: [], score: 0, answerCount: 0, viewCount: 0, isAnswered: false,
            creationDate: Date(timeIntervalSince1970: 0), link: URL(string: "https://stackoverflow.com/q/1"),
            owner: User(
                id: "9", kind: .doesNotExist, displayName: "Old Name", reputation: 1,
                profileImage: URL(string: "https://cdn.example/a.png"), link: URL(string: "https://x.example/u/9")),
            bodyHTML: "<p>b</p>", closedDate: Date(timeIntervalSince1970: 60), closedReason: "Duplicate")

        let object = try encode(QuestionJSON(question))
        let owner = try #require(object["owner"] as? [String: Any])

        #expect(object["body_html"] as? String == "<p>b</p>")
        #expect(object["closed_date"] as? String == "1970-01-01T00:01:00Z")
        #expect(object["closed_reason"] as? String == "Duplicate")
        #expect(object["link"] as? String == "https://stackoverflow.com/q/1")
        #expect(
            Set(owner.keys) == ["id", "user_type", "display_name", "reputation", "profile_image", "link"])
        #expect(owner["id"] as? String == "9")
        #expect(owner["user_type"] as? String == "does_not_exist")
        #expect(owner["profile_image"] as? String == "https://cdn.example/a.png")
    }

    @Test func questionsDocumentHoldsTheQueryAndThePagesKeys() throws {
        let page = QuestionsPage(questions: [], hasMore: true, quotaMax: 10, quotaRemaining: 9, backoffSeconds: 5)
        let query = QuestionsQuery(site: "math", order: .ascending, sort: .creation, tagged: ["a"], pageSize: 3)

        let object = try encode(QuestionsDocument(query: query, page: page))

        #expect(
            Set(object.keys) == ["query", "questions", "has_more", "quota_max", "quota_remaining", "backoff_seconds"])
        let echoed = try #require(object["query"] as? [String: Any])
        #expect(Set(echoed.keys) == ["site", "order", "sort", "tagged", "page_size", "page"])
        #expect(echoed["order"] as? String == "asc" && echoed["sort"] as? String == "creation")
    }

    @Test func avatarEncodesItsSummaryButNotItsBytes() throws {
        let avatar = Avatar(data: Data([1, 2, 3]), format: .png, width: 64, height: 32)

        let object = try encode(AvatarJSON(avatar))

        #expect(Set(object.keys) == ["byte_count", "format", "width", "height"])
        #expect(object["byte_count"] as? Int == 3)
        #expect(object["format"] as? String == "png")
    }

    @Test func questionDocumentHoldsQuestionBodyTextAvatarErrorAndSavedPath() throws {
        let question = Question(
            id: "1", title: "T", tags: [], score: 0, answerCount: 0, viewCount: 0, isAnswered: false,
            creationDate: Date(timeIntervalSince1970: 0), bodyHTML: "<p>b &amp; c</p>")
        let detail = QuestionDetail(question: question, avatarError: "offline")

        let object = try encode(QuestionDocument(detail: detail, savedAvatarPath: "/tmp/a.png"))

        #expect(Set(object.keys) == ["question", "body_text", "avatar_error", "saved_avatar_path"])
        #expect(object["body_text"] as? String == "b & c")
    }

    private func encode(_ value: some Encodable) throws -> [String: Any] {
        let data = Data(try JSONOutput.render(value).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

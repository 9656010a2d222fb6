import Foundation
import QuestionsFeature
import Testing

/// The keys the App's `--json` output relies on.
@Suite struct ModelEncodingTests {
    @Test func questionUsesSnakeCaseKeysAndLeavesOutAbsentValues() throws {
        let question = Question(
            id: "1", title: "T", tags: ["a"], score: -2, answerCount: 3, viewCount: 4, isAnswered: true,
            creationDate: Date(timeIntervalSince1970: 0))

        let object = try encode(question)

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

        let object = try encode(question)
        let owner = try #require(object["owner"] as? [String: Any])

        #expect(object["body_html"] as? String == "<p>b</p>")
        #expect(object["closed_date"] as? String == "1970-01-01T00:01:00Z")
        #expect(object["closed_reason"] as? String == "Duplicate")
        #expect(object["link"] as? String == "https://stackoverflow.com/q/1")
        #expect(
            Set(owner.keys) == ["id", "user_type", "display_name", "reputation", "profile_image", "link"])
        #expect(owner["user_type"] as? String == "does_not_exist")
        #expect(owner["profile_image"] as? String == "https://cdn.example/a.png")
    }

    @Test func pageUsesSnakeCaseKeys() throws {
        let page = QuestionsPage(questions: [], hasMore: true, quotaMax: 10, quotaRemaining: 9, backoffSeconds: 5)

        #expect(
            Set(try encode(page).keys) == ["questions", "has_more", "quota_max", "quota_remaining", "backoff_seconds"])
    }

    @Test func avatarEncodesItsSummaryButNotItsBytes() throws {
        let avatar = Avatar(data: Data([1, 2, 3]), format: .png, width: 64, height: 32)

        let object = try encode(avatar)

        #expect(Set(object.keys) == ["byte_count", "format", "width", "height"])
        #expect(object["byte_count"] as? Int == 3)
        #expect(object["format"] as? String == "png")
    }

    @Test func detailEncodesQuestionAvatarAndAvatarError() throws {
        let question = Question(
            id: "1", title: "T", tags: [], score: 0, answerCount: 0, viewCount: 0, isAnswered: false,
            creationDate: Date(timeIntervalSince1970: 0))
        let detail = QuestionDetail(question: question, avatarError: "offline")

        #expect(Set(try encode(detail).keys) == ["question", "avatar_error"])
    }

    private func encode(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

import Foundation
import QuestionsFeature

/// The `--json` documents: stable snake_case keys, ISO 8601 dates, sorted keys. Documented in App/README.md.
enum JSONOutput {
    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// `networking questions --json`.
struct QuestionsDocument: Encodable {
    let query: QuestionsQuery
    let page: QuestionsPage

    enum CodingKeys: String, CodingKey {
        case query, questions
        case hasMore = "has_more"
        case quotaMax = "quota_max"
        case quotaRemaining = "quota_remaining"
        case backoffSeconds = "backoff_seconds"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(page.questions, forKey: .questions)
        try container.encode(page.hasMore, forKey: .hasMore)
        try container.encodeIfPresent(page.quotaMax, forKey: .quotaMax)
        try container.encodeIfPresent(page.quotaRemaining, forKey: .quotaRemaining)
        try container.encodeIfPresent(page.backoffSeconds, forKey: .backoffSeconds)
    }
}

/// `networking question ID --json`.
struct QuestionDocument: Encodable {
    let detail: QuestionDetail
    let savedAvatarPath: String?

    enum CodingKeys: String, CodingKey {
        case question, avatar
        case bodyText = "body_text"
        case avatarError = "avatar_error"
        case savedAvatarPath = "saved_avatar_path"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(detail.question, forKey: .question)
        try container.encodeIfPresent(detail.question.bodyHTML.map(HTMLText.plainText(fromHTML:)), forKey: .bodyText)
        try container.encodeIfPresent(detail.avatar, forKey: .avatar)
        try container.encodeIfPresent(detail.avatarError, forKey: .avatarError)
        try container.encodeIfPresent(savedAvatarPath, forKey: .savedAvatarPath)
    }
}

import Foundation
import QuestionsFeature

/// The API's common wrapper object, as sent; kept apart from the domain's ``QuestionsPage``.
struct WrapperDTO<Item: Decodable>: Decodable {
    let items: [Item]
    let hasMore: Bool
    let quotaMax: Int?
    let quotaRemaining: Int?
    let backoff: Int?

    enum CodingKeys: String, CodingKey {
        case items, backoff
        case hasMore = "has_more"
        case quotaMax = "quota_max"
        case quotaRemaining = "quota_remaining"
    }
}

/// The wrapper's error fields; all three are present whenever the API reports an error.
struct ErrorDTO: Decodable {
    let errorID: Int
    let errorName: String
    let errorMessage: String

    enum CodingKeys: String, CodingKey {
        case errorID = "error_id"
        case errorName = "error_name"
        case errorMessage = "error_message"
    }
}

/// The API's `question` type: the fields the feature reads. Required ones are always in the default filter.
struct QuestionDTO: Decodable {
    let questionID: Question.ID
    let title: String
    let tags: [String]
    let score: Int
    let answerCount: Int
    let viewCount: Int
    let isAnswered: Bool
    let creationDate: Int64
    let link: String?
    let owner: ShallowUserDTO?
    let body: String?
    let closedDate: Int64?
    let closedReason: String?

    enum CodingKeys: String, CodingKey {
        case title, tags, score, link, owner, body
        case questionID = "question_id"
        case answerCount = "answer_count"
        case viewCount = "view_count"
        case isAnswered = "is_answered"
        case creationDate = "creation_date"
        case closedDate = "closed_date"
        case closedReason = "closed_reason"
    }

    /// The domain question: entity-encoded text decoded, epoch seconds turned into dates.
    var question: Question {
        Question(
            id: questionID,
            title: HTMLEntities.decode(title),
            tags: tags.map(HTMLEntities.decode),
            score: score,
            answerCount: answerCount,
            viewCount: viewCount,
            isAnswered: isAnswered,
            creationDate: Date(timeIntervalSince1970: TimeInterval(creationDate)),
            link: link.flatMap(Self.url),
            owner: owner?.user,
            bodyHTML: body,
            closedDate: closedDate.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            closedReason: closedReason.map(HTMLEntities.decode)
        )
    }

    /// A URL from an API string, which safe filters may entity-encode (`&amp;` in a query).
    static func url(_ text: String) -> URL? {
        let decoded = HTMLEntities.decode(text)
        return decoded.isEmpty ? nil : URL(string: decoded)
    }
}

/// The API's `shallow_user` type: everything may be absent except, usually, `user_type`.
struct ShallowUserDTO: Decodable {
    let userID: User.ID?
    let userType: String?
    let displayName: String?
    let reputation: Int?
    let profileImage: String?
    let link: String?

    enum CodingKeys: String, CodingKey {
        case reputation, link
        case userID = "user_id"
        case userType = "user_type"
        case displayName = "display_name"
        case profileImage = "profile_image"
    }

    var user: User {
        User(
            id: userID,
            kind: userType.map(User.Kind.init(rawValue:)),
            displayName: displayName.map(HTMLEntities.decode),
            reputation: reputation,
            profileImage: profileImage.flatMap(QuestionDTO.url),
            link: link.flatMap(QuestionDTO.url)
        )
    }
}

import Foundation
import QuestionsFeature

/// A `Question` in a `--json` document; absent optionals are left out, dates use the encoder's strategy.
struct QuestionJSON: Encodable {
    let id: String
    let title: String
    let tags: [String]
    let score: Int
    let answerCount: Int
    let viewCount: Int
    let isAnswered: Bool
    let creationDate: Date
    let link: URL?
    let owner: UserJSON?
    let bodyHTML: String?
    let closedDate: Date?
    let closedReason: String?

    init(_ question: Question) {
        id = question.id.rawValue
        title = question.title
        tags = question.tags
        score = question.score
        answerCount = question.answerCount
        viewCount = question.viewCount
        isAnswered = question.isAnswered
        creationDate = question.creationDate
        link = question.link
        owner = question.owner.map(UserJSON.init)
        bodyHTML = question.bodyHTML
        closedDate = question.closedDate
        closedReason = question.closedReason
    }
}

/// A question's `User` in a `--json` document.
struct UserJSON: Encodable {
    let id: String?
    let userType: String?
    let displayName: String?
    let reputation: Int?
    let profileImage: URL?
    let link: URL?

    init(_ user: User) {
        id = user.id?.rawValue
        userType = user.kind?.rawValue
        displayName = user.displayName
        reputation = user.reputation
        profileImage = user.profileImage
        link = user.link
    }
}

import Foundation

/// A Stack Exchange question, as the feature uses it.
///
/// Text is plain: HTML entities in `title` and `tags` are already decoded. The body stays HTML
/// (``bodyHTML``), because markup is part of its content; ``HTMLText`` turns it into plain text.
/// Optional properties are the ones the API may omit; nothing is filled in with a made-up default.
public struct Question: Identifiable, Equatable, Sendable {
    /// A question's identifier.
    public typealias ID = Identifier<Question>

    /// The question's identifier (`question_id`).
    public var id: ID
    /// The title, as plain text.
    public var title: String
    /// The tags, in the site's order.
    public var tags: [String]
    /// Up votes minus down votes.
    public var score: Int
    /// How many answers the question has.
    public var answerCount: Int
    /// How many times the question was viewed.
    public var viewCount: Int
    /// Whether the question has an accepted or up-voted answer.
    public var isAnswered: Bool
    /// When the question was asked.
    public var creationDate: Date
    /// The question's page on the site.
    public var link: URL?
    /// Who asked, when the API says.
    public var owner: User?
    /// The body as HTML; only present when requested (the `withbody` filter).
    public var bodyHTML: String?
    /// When the question was closed, if it is.
    public var closedDate: Date?
    /// Why the question was closed (for example `"Duplicate"`), if it is.
    public var closedReason: String?

    /// Creates a question; only what the API may omit is optional.
    public init(
        id: ID,
        title: String,
        tags: [String],
        score: Int,
        answerCount: Int,
        viewCount: Int,
        isAnswered: Bool,
        creationDate: Date,
        link: URL? = nil,
        owner: User? = nil,
        bodyHTML: String? = nil,
        closedDate: Date? = nil,
        closedReason: String? = nil
    ) {
        self.id = id
        self.title = title
        self.tags = tags
        self.score = score
        self.answerCount = answerCount
        self.viewCount = viewCount
        self.isAnswered = isAnswered
        self.creationDate = creationDate
        self.link = link
        self.owner = owner
        self.bodyHTML = bodyHTML
        self.closedDate = closedDate
        self.closedReason = closedReason
    }

    /// Whether the question is closed (it has a closing date or reason).
    public var isClosed: Bool { closedDate != nil || closedReason != nil }
}

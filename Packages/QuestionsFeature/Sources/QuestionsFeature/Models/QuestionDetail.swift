/// A question with its owner's avatar: what the detail screen shows.
public struct QuestionDetail: Equatable, Sendable {
    /// The question, with its body.
    public var question: Question
    /// The owner's avatar, when the owner has a profile image and it loaded.
    public var avatar: Avatar?
    /// Why the avatar could not be loaded; the question is shown anyway.
    public var avatarError: String?

    /// Creates a detail.
    public init(question: Question, avatar: Avatar? = nil, avatarError: String? = nil) {
        self.question = question
        self.avatar = avatar
        self.avatarError = avatarError
    }
}

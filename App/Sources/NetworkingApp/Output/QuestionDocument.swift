import QuestionsFeature

/// `networking question ID --json`: the question, its body as plain text, and its owner's avatar.
struct QuestionDocument: Encodable {
    let question: QuestionJSON
    let bodyText: String?
    let avatar: AvatarJSON?
    let avatarError: String?
    let savedAvatarPath: String?

    init(detail: QuestionDetail, savedAvatarPath: String?) {
        question = QuestionJSON(detail.question)
        bodyText = detail.question.bodyHTML.map(HTMLText.plainText(fromHTML:))
        avatar = detail.avatar.map(AvatarJSON.init)
        avatarError = detail.avatarError
        self.savedAvatarPath = savedAvatarPath
    }
}

/// An `Avatar` in a `--json` document: its summary, not its bytes (`--save-avatar` writes those).
struct AvatarJSON: Encodable {
    let byteCount: Int
    let format: String
    let width: Int?
    let height: Int?

    init(_ avatar: Avatar) {
        byteCount = avatar.byteCount
        format = avatar.format.rawValue
        width = avatar.width
        height = avatar.height
    }
}

/// `--save-avatar` was given but the question's owner has no avatar to save.
struct MissingAvatar: CategorizedError, CustomStringConvertible {
    let reason: String
    var description: String { "no avatar to save: \(reason)" }
    var exitStatus: ExitStatus { .notFound }
}

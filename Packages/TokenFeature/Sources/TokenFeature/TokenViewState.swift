/// What the token screen shows at one moment.
///
/// Two failed states are equal when their messages are: the error is kept for whoever needs more than the
/// text (an exit status, say), not compared.
public enum TokenViewState: Equatable, Sendable {
    /// The token is being fetched.
    case loading
    /// The token arrived.
    case loaded(token: String)
    /// A new token is being sent to the server.
    case updating
    /// The server stored the new token.
    case updated(token: String)
    /// Loading or updating failed; `message` says what happened and what to do about it, `error` is what was
    /// thrown (`nil` for a state made without one, in a preview or a test).
    case failed(message: String, error: (any Error)? = nil)

    /// Whether two states show the same thing; failed states compare their messages, not their errors.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading), (.updating, .updating): true
        case (.loaded(let left), .loaded(let right)), (.updated(let left), .updated(let right)): left == right
        case (.failed(let left, _), .failed(let right, _)): left == right
        default: false
        }
    }
}

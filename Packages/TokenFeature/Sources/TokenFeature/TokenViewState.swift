/// What the token screen shows at one moment.
public enum TokenViewState: Equatable, Sendable {
    /// The token is being fetched.
    case loading
    /// The token arrived.
    case loaded(token: String)
    /// A new token is being sent to the server.
    case updating
    /// The server stored the new token.
    case updated(token: String)
    /// Loading or updating failed; `message` says what happened and what to do about it.
    case failed(message: String)
}

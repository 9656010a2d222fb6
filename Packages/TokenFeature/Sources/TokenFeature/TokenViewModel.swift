import Foundation

/// Runs the token closures and reports what to show, state by state.
///
/// The feature knows nothing about HTTP: the composition root passes closures that load and store the token.
///
/// ```swift
/// let model = TokenViewModel(loadToken: { try await client.loadToken() }, updateToken: { _ in })
/// for await state in model.load() { print(TokenView.render(state)) }
/// ```
public struct TokenViewModel: Sendable {
    /// Loads the current token.
    public typealias LoadToken = @Sendable () async throws -> String
    /// Stores a new token.
    public typealias UpdateToken = @Sendable (String) async throws -> Void

    private let loadToken: LoadToken
    private let updateToken: UpdateToken

    /// Creates a view model.
    /// - Parameters:
    ///   - loadToken: Fetches the token; its errors should describe themselves (`LocalizedError`).
    ///   - updateToken: Stores a new token.
    public init(loadToken: @escaping LoadToken, updateToken: @escaping UpdateToken) {
        self.loadToken = loadToken
        self.updateToken = updateToken
    }

    /// Loads the token: yields ``TokenViewState/loading``, then `.loaded` or `.failed`, then finishes.
    ///
    /// Ending the iteration early cancels the load; a cancelled load yields nothing more.
    public func load() -> AsyncStream<TokenViewState> {
        let loadToken = loadToken
        return Self.run(first: .loading, failure: "Could not load the token") {
            .loaded(token: try await loadToken())
        }
    }

    /// Sends `newToken`: yields ``TokenViewState/updating``, then `.updated` or `.failed`, then finishes.
    ///
    /// An empty token fails at once, without calling `updateToken`.
    public func update(to newToken: String) -> AsyncStream<TokenViewState> {
        let updateToken = updateToken
        return Self.run(first: .updating, failure: "Could not update the token") {
            guard !newToken.isEmpty else { throw EmptyNewToken() }
            try await updateToken(newToken)
            return .updated(token: newToken)
        }
    }

    private static func run(
        first: TokenViewState, failure: String, work: @escaping @Sendable () async throws -> TokenViewState
    ) -> AsyncStream<TokenViewState> {
        AsyncStream { continuation in
            continuation.yield(first)
            let task = Task {
                do {
                    continuation.yield(try await work())
                } catch {
                    if !Task.isCancelled {
                        continuation.yield(.failed(message: FailureMessage.text(failure, error), error: error))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

private struct EmptyNewToken: LocalizedError {
    var errorDescription: String? { "The new token is empty." }
    var recoverySuggestion: String? { "Enter the token to store; it must not be empty." }
}

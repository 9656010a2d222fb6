import Foundation
import HTTPClient

/// How one load through a wrapped client ended; ``outcome`` is what the decorators that act on a status
/// (retry, token refresh) decide on.
struct LoadOutcome {
    let result: Result<(Data, HTTPResponse), any Error>

    /// Runs `load` and keeps how it ended.
    init(_ load: () async throws -> (Data, HTTPResponse)) async {
        do {
            result = .success(try await load())
        } catch {
            result = .failure(error)
        }
    }

    /// The response or the error, without the body.
    var outcome: AttemptOutcome {
        switch result {
        case .success((_, let response)): .response(response)
        case .failure(let error): .failure(error)
        }
    }

    /// The data and response, or the error rethrown.
    func get() throws -> (Data, HTTPResponse) {
        try result.get()
    }
}

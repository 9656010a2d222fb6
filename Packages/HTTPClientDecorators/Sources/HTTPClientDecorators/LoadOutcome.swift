import Foundation
import HTTPClient

/// How one load through a wrapped client ended, and the status it ended with: the one place that treats a status
/// returned as a response and one thrown as `HTTPError.httpCode(statusCode:data:)` alike, for the decorators that
/// act on a status (retry, token refresh).
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

    /// The status, returned or thrown as `HTTPError.httpCode`; `nil` for any other error.
    var statusCode: Int? {
        switch result {
        case .success((_, let response)):
            response.statusCode
        case .failure(let error):
            if case .httpCode(let statusCode, _) = error as? HTTPError { statusCode } else { nil }
        }
    }

    /// The response, when one came back rather than an error.
    var response: HTTPResponse? {
        if case .success((_, let response)) = result { response } else { nil }
    }

    /// The error, when the load threw.
    var error: (any Error)? {
        if case .failure(let error) = result { error } else { nil }
    }

    /// The data and response, or the error rethrown.
    func get() throws -> (Data, HTTPResponse) {
        try result.get()
    }
}

import Foundation
import HTTPClient

/// How one attempt through a wrapped client began: with a response head, or with an error before any head.
///
/// The one place that treats a status returned as a response and one thrown as
/// `HTTPError.httpCode(statusCode:data:)` alike, for the decorators that act on a status (retry, token refresh),
/// whether they load or stream.
enum AttemptOutcome: Sendable {
    /// A response head arrived (its body may still be arriving).
    case response(HTTPResponse)
    /// The attempt threw before a response reached the caller.
    case failure(any Error)

    /// The status, returned or thrown as `HTTPError.httpCode`; `nil` for any other error.
    var statusCode: Int? {
        switch self {
        case .response(let response):
            response.statusCode
        case .failure(let error):
            if case .httpCode(let statusCode, _) = error as? HTTPError { statusCode } else { nil }
        }
    }

    /// The response, when one came back rather than an error.
    var response: HTTPResponse? {
        if case .response(let response) = self { response } else { nil }
    }

    /// The error, when the attempt threw.
    var error: (any Error)? {
        if case .failure(let error) = self { error } else { nil }
    }
}

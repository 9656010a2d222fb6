import Foundation
import HTTPClient

extension DownloadAttempt {
    /// Whether the stream threw `error` for this attempt's `416`: a decorator such as `handlingErrors()` turns
    /// the answer into `HTTPError/httpCode(statusCode:data:)` before ``receive(_:_:)`` sees it. A resumed
    /// attempt then starts over like one that received the `416`; one without a range does not, so a server
    /// that refuses every request makes the download throw instead of asking again and again.
    func startsOver(after error: any Error) -> Bool {
        guard resume != nil, case HTTPError.httpCode(statusCode: 416, _) = error else { return false }
        return true
    }

    /// Whether `error` is an answer saying the file is not there (`404 Not Found`, `410 Gone`), received or
    /// thrown by a decorator: a partial file of it can never be resumed.
    static func isGone(_ error: any Error) -> Bool {
        guard case HTTPError.httpCode(let status, _) = error else { return false }
        return status == 404 || status == 410
    }
}

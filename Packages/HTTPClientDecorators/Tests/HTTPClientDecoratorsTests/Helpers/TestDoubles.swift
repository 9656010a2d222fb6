import Foundation
import HTTPClient
import HTTPClientTestSupport

/// A class-based token source, so leak tests can watch what the decorators' closures capture.
final class TokenSource: Sendable {
    let value: String

    init(_ value: String = "Bearer token") {
        self.value = value
    }

    func token() -> String { value }
}

/// An error with a recognisable identity.
struct AnyError: Error, Equatable, CustomStringConvertible {
    var name = "any error"
    var description: String { name }
}

extension HTTPResponse {
    static func status(_ code: Int, headers: HTTPHeaders? = nil) -> HTTPResponse {
        HTTPResponse(statusCode: code, headers: headers)
    }
}

extension ScriptedHTTPClient {
    /// A client answering every request with `code`.
    static func always(_ code: Int, body: String = "", headers: HTTPHeaders? = nil) -> ScriptedHTTPClient {
        ScriptedHTTPClient { _ in (Data(body.utf8), HTTPResponse(statusCode: code, headers: headers)) }
    }

    /// A client whose every load waits until it is cancelled, appending the type of the error that ended it to
    /// `errors`.
    static func waitingForCancellation(recordingErrorsIn errors: RecordedValues<String>) -> ScriptedHTTPClient {
        ScriptedHTTPClient { _ in
            do {
                try await Gate().wait()
            } catch {
                errors.append(String(describing: type(of: error)))
                throw error
            }
            return (Data(), HTTPResponse(statusCode: 200))
        }
    }
}

/// Runs `body` in many concurrent tasks and returns their results in index order.
func concurrently<T: Sendable>(
    _ count: Int, _ body: @escaping @Sendable (Int) async throws -> T
) async throws -> [T] {
    try await withThrowingTaskGroup(of: (Int, T).self) { group in
        for index in 0..<count {
            group.addTask { (index, try await body(index)) }
        }
        var results = [(Int, T)]()
        for try await result in group { results.append(result) }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

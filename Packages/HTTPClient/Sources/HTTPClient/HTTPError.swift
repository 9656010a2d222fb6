import Foundation

/// An HTTP exchange that completed with a status the caller treats as a failure.
public enum HTTPError: Error, Equatable, Sendable {
    /// The response status was outside `200..<300`; `data` is the response body.
    case httpCode(statusCode: HTTPStatusCode, data: Data)
}

extension HTTPError: CustomStringConvertible {
    /// A one-line description naming the status and, when readable, the start of the body.
    public var description: String {
        switch self {
        case .httpCode(let statusCode, let data):
            let snippet = String(decoding: data.prefix(200), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
                .trimmingCharacters(in: .whitespaces)
            let reason = StatusReasonPhrases.phrase(for: statusCode).map { " \($0)" } ?? ""
            return snippet.isEmpty || snippet.contains("\u{FFFD}")
                ? "HTTP \(statusCode)\(reason)"
                : "HTTP \(statusCode)\(reason): \(snippet)"
        }
    }
}

extension HTTPError: LocalizedError {
    public var errorDescription: String? { description }
}

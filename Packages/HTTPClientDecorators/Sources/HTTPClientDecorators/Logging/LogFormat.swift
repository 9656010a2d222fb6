import Foundation
import HTTPClient
import HTTPClientSupport

/// Renders one log entry per exchange (request line, headers, body; then status, headers, body), redacting
/// secret values.
struct LogFormat: Sendable {
    static let redacted = "<redacted>"

    private let redactedNames: Set<String>
    let maxBodyBytes: Int

    init(redactedNames: Set<String>, maxBodyBytes: Int) {
        self.redactedNames = Set(redactedNames.map { $0.lowercased() })
        self.maxBodyBytes = maxBodyBytes
    }

    /// Whether the value of a header, query item, JSON key or form field called `name` must be hidden.
    func isSecret(_ name: String) -> Bool {
        redactedNames.contains(name.lowercased())
    }

    func entry(for request: any HTTPRequest, response: HTTPResponse, data: Data, elapsed: Duration) -> String {
        let lines =
            describe(request) + [
                "",
                "Incoming Network Response ⬇️ (after \(Self.milliseconds(elapsed))):",
                "------------------------------------------",
                "StatusCode: \(response.statusCode)",
            ] + describe(response.headers) + [
                "Body:", body(data),
            ]
        return lines.joined(separator: "\n")
    }

    func entry(for request: any HTTPRequest, error: any Error, elapsed: Duration) -> String {
        (describe(request) + describe(error, elapsed: elapsed)).joined(separator: "\n")
    }

    /// The lines of a failure after `elapsed`.
    func describe(_ error: any Error, elapsed: Duration) -> [String] {
        var lines = [
            "",
            "Network Request Failed ❌ (after \(Self.milliseconds(elapsed))):",
            "------------------------------------------",
        ]
        if case .httpCode(let statusCode, let data) = error as? HTTPError {
            // Described here rather than by `HTTPError.description`, so that the body is redacted too.
            lines += ["Error: HTTP status \(statusCode)", "Body:", body(data)]
        } else {
            lines.append("Error: \(RedactedURL.text(String(describing: error)))")
        }
        return lines
    }

    /// The request's lines; its own `body` only when `includingBody` (a streamed body replaces it).
    func describe(_ request: any HTTPRequest, includingBody: Bool = true) -> [String] {
        var lines = [
            "Outgoing Network Request ⬆️:",
            "-------------------------------",
            "Method: \(request.method.name)",
            "Path: \(request.path)",
            "Version: \(request.version)",
        ]
        lines += describe(request.headers)
        if let query = request.queryParameter, !query.isEmpty {
            lines.append("Query-Parameter:")
            lines += query.sorted { ($0.key, $0.value) < ($1.key, $1.value) }.map { item($0.key, $0.value) }
        }
        if includingBody, let data = request.body, !data.isEmpty {
            lines += ["Body:", body(data)]
        }
        return lines
    }

    func describe(_ headers: HTTPHeaders?) -> [String] {
        guard let headers, !headers.isEmpty else { return [] }
        return ["Headers:"] + headers.map { item($0.name, RedactedURL.text($0.value)) }
    }

    private func item(_ name: String, _ value: String) -> String {
        "    - \(name): \(isSecret(name) ? Self.redacted : value)"
    }

    private func body(_ data: Data) -> String {
        LogBody.describe(data, limit: maxBodyBytes, isSecret: isSecret)
    }

    /// `elapsed` as milliseconds with one decimal, for example `"12.5 ms"`.
    static func milliseconds(_ elapsed: Duration) -> String {
        String(format: "%.1f ms", max(0, elapsed.seconds * 1_000))
    }
}

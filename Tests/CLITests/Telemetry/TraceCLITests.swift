import Foundation
import HTTPClientTestSupport
import Testing

/// `--trace FILE.jsonl` against the local backend: one root span per command under `TRACEPARENT`, a CLIENT span
/// per request with the conventions' attributes, a private file, and no credential anywhere in it.
@Suite(.timeLimit(.minutes(1)))
struct TraceCLITests {
    static let traceID = "0af7651916cd43dd8448eb211c80319c"
    static let parentSpanID = "b7ad6b7169203331"

    @Test func questionsAndTokenWriteTheirSpansUnderTheEnvironmentsParent() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        var outcomes: [NetworkingBinary.Outcome] = []
        try await withDevServer { server in
            let environment = server.environment([
                "TRACEPARENT": "00-\(Self.traceID)-\(Self.parentSpanID)-01",
                "NETWORKING_CACHE_DIR": directory.file("cache").path,
            ])
            for command in [["questions", "--no-cache"], ["token"]] {
                outcomes.append(
                    try await NetworkingBinary.run(command + ["--trace", trace.path], environment: environment))
            }
        }

        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
        let text = try String(contentsOf: trace, encoding: .utf8)
        let spans = try Self.spans(in: text)
        let roots = spans.filter { $0["kind"] as? Int == 1 }
        #expect(roots.compactMap { $0["name"] as? String } == ["networking questions", "networking token"])
        for root in roots {
            #expect(root["traceId"] as? String == Self.traceID)
            #expect(root["parentSpanId"] as? String == Self.parentSpanID)
        }
        let requests = spans.filter { $0["kind"] as? Int == 3 }
        #expect(requests.count >= 2)
        for span in requests {
            #expect(span["traceId"] as? String == Self.traceID)
            #expect(roots.contains { $0["spanId"] as? String == span["parentSpanId"] as? String })
            let keys = Set((span["attributes"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String })
            #expect(
                keys.isSuperset(of: [
                    "http.request.method", "server.address", "server.port", "url.full", "http.response.status_code",
                ]), "\(keys)")
        }
        let token = try #require(
            outcomes.last?.stdout.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!token.isEmpty && !text.contains(token), "the token reached the trace")
        #expect(!text.contains("Authorization") && !text.contains("Bearer"))
        let permissions = try FileManager.default.attributesOfItem(atPath: trace.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    /// The spans of every trace line of `text`.
    private static func spans(in text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").flatMap { line -> [[String: Any]] in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resources = document["resourceSpans"] as? [[String: Any]] ?? []
            return resources.flatMap { $0["scopeSpans"] as? [[String: Any]] ?? [] }
                .flatMap { $0["spans"] as? [[String: Any]] ?? [] }
        }
    }
}

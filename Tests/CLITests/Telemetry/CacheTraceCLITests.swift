import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `--trace` with the response cache on: a second run answered from the cache has one INTERNAL span marked
/// `hit` for the request under the command's root span, and no CLIENT attempt for it.
@Suite(.timeLimit(.minutes(1)))
struct CacheTraceCLITests {
    @Test func aCacheHitHasASpanOfItsOwnAndNoAttempt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (first, second) = (directory.file("first.jsonl"), directory.file("second.jsonl"))
        var outcomes: [NetworkingBinary.Outcome] = []
        try await withDevServer { server in
            let environment = server.environment(["NETWORKING_CACHE_DIR": directory.file("cache").path])
            for trace in [first, second] {
                outcomes.append(
                    try await NetworkingBinary.run(
                        ["questions", "--page-size", "3", "--trace", trace.path], environment: environment))
            }
            #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 1)
        }

        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
        let attempts = try Self.questionSpans(in: first)
        #expect(attempts.map { $0["kind"] as? Int } == [3], "\(attempts)")
        #expect(attempts.allSatisfy { TraceLines.string($0, "networking.cache.result") == "miss" }, "\(attempts)")
        let spans = try TraceLines.spans(in: second)
        let answers = try Self.questionSpans(in: second)
        let answer = try #require(answers.first)
        #expect(answers.count == 1 && answer["kind"] as? Int == 1, "\(answers)")
        #expect(TraceLines.string(answer, "networking.cache.result") == "hit")
        #expect(TraceLines.int(answer, "http.response.status_code") == 200)
        #expect((answer["events"] as? [Any] ?? []).isEmpty)
        let root = try #require(spans.first { $0["name"] as? String == "networking questions" })
        #expect(answer["parentSpanId"] as? String == root["spanId"] as? String)
        #expect(answer["traceId"] as? String == root["traceId"] as? String)
    }

    /// The spans of the trace at `url` for the questions list request.
    private static func questionSpans(in url: URL) throws -> [[String: Any]] {
        try TraceLines.spans(in: url).filter {
            TraceLines.string($0, "url.full")?.contains("/2.3/questions?") == true
        }
    }
}

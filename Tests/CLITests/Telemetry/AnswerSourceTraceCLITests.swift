import Foundation
import HTTPClientTestSupport
import Testing

/// `--trace` with `--replay`: every CLIENT span of an answer replayed from the archive says so, and has no
/// network timings.
@Suite(.timeLimit(.minutes(1)))
struct AnswerSourceTraceCLITests {
    @Test func replayedAnswersAreMarkedOnTheirSpans() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Packages/QuestionsFeature/Previews/questions.har")

        let outcome = try await NetworkingBinary.runOffline(
            ["questions", "--page-size", "5", "--replay", archive.path, "--trace", trace.path])

        #expect(outcome.status == 0, "\(outcome)")
        let requests = try TraceLines.spans(in: trace).filter { $0["kind"] as? Int == 3 }
        #expect(!requests.isEmpty)
        for span in requests {
            #expect(TraceLines.value(span, "networking.replayed")?["boolValue"] as? Bool == true, "\(span)")
            #expect((span["events"] as? [Any] ?? []).isEmpty, "\(span)")
        }
    }
}

import DevServerSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `networking questions --trace t.jsonl --trace-metrics m.jsonl` (and `token`) against the local backend, each file
/// read by an independent
/// reader: `Scripts/tests/otlp_trace_reader.py` with PyPI's `opentelemetry-proto` and `protobuf`, from the
/// `.build-python` virtual environment (`Scripts/bootstrap --python-tests`). Skipped, saying so, without it.
@Suite(.timeLimit(.minutes(1)))
struct TraceFileReaderCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let interpreter = repository.appendingPathComponent(".build-python/bin/python3")
    static let hasReader = FileManager.default.isExecutableFile(atPath: interpreter.path)

    @Test(
        .enabled(
            if: hasReader,
            "no .build-python/bin/python3 with opentelemetry-proto: run Scripts/bootstrap --python-tests to read traces"
        ))
    func opentelemetryProtoReadsEveryLineWithRightSizedIdsAndNoCredential() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = directory.file("t.jsonl")
        let metrics = directory.file("m.jsonl")
        let (accessToken, applicationKey) = ("st0red-access-t0ken", "se-app-k3y")
        var outcomes: [NetworkingBinary.Outcome] = []
        try await withDevServer { server in
            let environment = server.environment([
                "NETWORKING_ACCESS_TOKEN": accessToken, "NETWORKING_STACKEXCHANGE_KEY": applicationKey,
            ])
            for command in [["questions", "--no-cache"], ["token"]] {
                outcomes.append(
                    try await NetworkingBinary.run(
                        command + ["--trace", trace.path, "--trace-metrics", metrics.path], environment: environment))
            }
        }
        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
        let token = try #require(
            outcomes.last?.stdout.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines))

        let forbidden = [accessToken, applicationKey, token, "Authorization", "authorization", "Cookie"]

        let (status, output) = try await Self.read(trace, forbidding: forbidden)
        #expect(status == 0, "\(output)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(summary["problems"] as? [String] == [])
        #expect(summary["roots"] as? [String] == ["networking questions", "networking token"])
        #expect((summary["client_spans"] as? Int ?? 0) >= 2)
        #expect(summary["metric_lines"] as? Int == 0)
        #expect(summary["lines"] as? Int == 2)

        let (metricsStatus, metricsOutput) = try await Self.read(metrics, forbidding: forbidden)
        #expect(metricsStatus == 0, "\(metricsOutput)")
        let metricsSummary = try #require(
            try JSONSerialization.jsonObject(with: Data(metricsOutput.utf8)) as? [String: Any])
        #expect(metricsSummary["problems"] as? [String] == [])
        #expect(metricsSummary["metric_lines"] as? Int == 2 && metricsSummary["lines"] as? Int == 2)
    }

    /// Runs the reader on `file`; its exit status and standard output.
    private static func read(_ file: URL, forbidding words: [String]) async throws -> (Int32, String) {
        let output = file.deletingLastPathComponent().appendingPathComponent("reader.json")
        try Data().write(to: output)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = interpreter
        process.arguments =
            [repository.appendingPathComponent("Scripts/tests/otlp_trace_reader.py").path, file.path]
            + words.flatMap { ["--forbid", $0] }
        process.standardOutput = handle
        let status = try await process.runUntilExit()
        return (status, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }
}

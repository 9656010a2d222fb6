import DevServerSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `networking questions --trace t.jsonl` (and `token`) against the local backend, the file read by an independent
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
        let (accessToken, applicationKey) = ("st0red-access-t0ken", "se-app-k3y")
        var outcomes: [NetworkingBinary.Outcome] = []
        try await withDevServer { server in
            let environment = server.environment([
                "NETWORKING_ACCESS_TOKEN": accessToken, "NETWORKING_STACKEXCHANGE_KEY": applicationKey,
            ])
            for command in [["questions", "--no-cache"], ["token"]] {
                outcomes.append(
                    try await NetworkingBinary.run(command + ["--trace", trace.path], environment: environment))
            }
        }
        #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes)")
        let token = try #require(
            outcomes.last?.stdout.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines))

        let (status, output) = try await Self.read(
            trace, forbidding: [accessToken, applicationKey, token, "Authorization", "authorization", "Cookie"])

        #expect(status == 0, "\(output)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(summary["problems"] as? [String] == [])
        #expect(summary["roots"] as? [String] == ["networking questions", "networking token"])
        #expect((summary["client_spans"] as? Int ?? 0) >= 2)
        #expect(summary["metric_lines"] as? Int == 2)
        #expect(summary["lines"] as? Int == 4)
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

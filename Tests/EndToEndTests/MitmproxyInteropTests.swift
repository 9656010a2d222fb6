import DevServerSupport
import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// mitmproxy reads what the recorder wrote, and what mitmproxy writes back from it replays the same.
/// Runs when `mitmdump` is on `PATH` (or named by `MITMDUMP`): `pip install mitmproxy==11.0.2`.
@Suite(
    .timeLimit(.minutes(1)),
    .enabled(
        if: Mitmdump.executable != nil,
        "mitmproxy is not installed: `pip install mitmproxy==11.0.2` (or set MITMDUMP) to run the interop test"))
struct MitmproxyInteropTests {
    @Test func mitmdumpReadsARecordedArchiveAndItsHardumpReplaysTheSame() async throws {
        let executable = try #require(Mitmdump.executable)
        let recorder = HARRecorder()
        let requests = [
            TestRequest(path: "echo/json", version: "", queryParameter: ["gzip": "1", "q": "a b"]),
            TestRequest(path: "cdn/avatars/zoe-laurent.png", version: ""),
            TestRequest(path: "faults/status/503", version: ""),
        ]
        let live = try await DevServer.run { server in
            let client = try server.transport().recording(to: recorder, baseURL: server.baseURL)
            var bodies: [Data] = []
            for request in requests { bodies.append(try await client.load(request: request).0) }
            return bodies
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("har-interop-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("ours.har")
        let theirs = directory.appendingPathComponent("mitmproxy.har")
        try recorder.write(to: ours)

        let status = try Mitmdump.run(executable, ["-n", "-q", "-r", ours.path, "--set", "hardump=\(theirs.path)"])

        #expect(status == 0)
        let replay = try HARReplayClient(contentsOf: theirs)
        #expect(replay.entryCount == requests.count)
        for (request, body) in zip(requests, live) {
            #expect(try await replay.load(request: request).0 == body, "\(request.path)")
        }
    }
}

enum Mitmdump {
    /// `MITMDUMP`, else `mitmdump` found on `PATH`.
    static var executable: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["MITMDUMP"], FileManager.default.isExecutableFile(atPath: named) {
            return URL(fileURLWithPath: named)
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":")
        return directories.map { URL(fileURLWithPath: String($0)).appendingPathComponent("mitmdump") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs mitmdump to completion and returns its exit status.
    static func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

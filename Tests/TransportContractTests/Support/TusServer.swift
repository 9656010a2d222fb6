import DevServerSupport
import Foundation

/// PyPI's tuspyserver, an independent tus 1.0 server, started by `Scripts/tools/test/tus_server.py` with the
/// interpreter of the repository's Python test environment (`.build-python`, made by
/// `Scripts/bootstrap --python-tests`) on a free loopback port, storing uploads in a folder of its own.
final class TusServer {
    /// Why the server could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The listening port.
    let port: Int
    /// The folder the server stores uploads in: each upload under its id, with an `.info` file beside it.
    let folder: URL
    private let process: Process

    private init(port: Int, folder: URL, process: Process) {
        self.port = port
        self.folder = folder
        self.process = process
    }

    deinit { stop() }

    /// `<repository>/.build-python/bin/python3` when it exists.
    static var python: URL? {
        let python = repositoryRoot.appendingPathComponent(".build-python/bin/python3")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }

    /// `http://127.0.0.1:PORT/`.
    var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)/") else {
                throw Failure(description: "no URL for port \(port)")
            }
            return url
        }
    }

    /// The stored bytes of every upload, by upload id.
    func uploads() throws -> [String: URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let stored = names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".info") }
        return Dictionary(uniqueKeysWithValues: stored.map { ($0, folder.appendingPathComponent($0)) })
    }

    /// Starts a server on a new temporary folder, runs `body` with it, then stops it and removes the folder.
    static func run<T>(_ body: (TusServer) async throws -> T) async throws -> T {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }

    /// Stops the server and removes its folder. Calling it again does nothing.
    ///
    /// The server is killed rather than asked to stop: uvicorn's graceful shutdown waits for the clients'
    /// idle keep-alive connections, which outlive this call.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static var repositoryRoot: URL {
        // Tests/TransportContractTests/Support/TusServer.swift
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    private static func start() async throws -> TusServer {
        guard let python else { throw Failure(description: "no Python test environment at .build-python") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tus-server-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            repositoryRoot.appendingPathComponent("Scripts/tools/test/tus_server.py").path,
            "--files-dir", folder.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let port: Int? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: readyPort(from: handle)) }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "tus_server.py exited before it was ready")
        }
        return TusServer(port: port, folder: folder, process: process)
    }

    /// Reads up to `tus-server ready port=P`; nil when the script exits first.
    private static func readyPort(from handle: FileHandle) -> Int? {
        var buffer = Data()
        while true {
            let chunk = handle.nextChunk()
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("tus-server ready port=") }) {
                return Int(line.dropFirst("tus-server ready port=".count))
            }
        }
    }
}

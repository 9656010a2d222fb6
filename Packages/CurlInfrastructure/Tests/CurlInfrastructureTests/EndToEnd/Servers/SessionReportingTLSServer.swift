import DevServerSupport
import Foundation

/// `openssl s_server -www` on 127.0.0.1 with a self-signed certificate: it answers each connection's request
/// with a page that says whether the connection's TLS session was `New` or `Reused`, then closes it, so every
/// request needs a new connection.
final class SessionReportingTLSServer {
    /// Why the server could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `https://127.0.0.1:PORT/`.
    let baseURL: URL
    /// The self-signed certificate, to trust as the certificate authority.
    let certificate: URL
    private let folder: URL
    private let process: Process

    /// Starts the server in a new temporary folder, runs `body` with it, and stops it whatever happens.
    static func run<T>(_ body: (SessionReportingTLSServer) async throws -> T) async throws -> T {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }

    private init(baseURL: URL, folder: URL, process: Process) {
        self.baseURL = baseURL
        self.folder = folder
        self.process = process
        certificate = folder.appendingPathComponent("cert.pem")
    }

    /// `New` or `Reused`, as a page of the server reports the TLS session of the connection it came on.
    static func session(in page: Data) -> String? {
        String(decoding: page, as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("New, ") || $0.hasPrefix("Reused, ") }
            .flatMap { $0.split(separator: ",").first.map(String.init) }
    }

    /// Kills the server (`s_server` may not end on `SIGTERM`) and removes its certificate.
    private func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func start() async throws -> SessionReportingTLSServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("s-server-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        do {
            try SelfSignedCertificate.make(in: folder)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "openssl", "s_server", "-accept", "127.0.0.1:0", "-www",
                "-cert", folder.appendingPathComponent("cert.pem").path,
                "-key", folder.appendingPathComponent("key.pem").path,
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let handle = output.fileHandleForReading
            let port: Int? = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: acceptedPort(from: handle)) }
            }
            guard let port, let url = URL(string: "https://127.0.0.1:\(port)/") else {
                throw Failure(description: "openssl s_server exited before it listened")
            }
            return SessionReportingTLSServer(baseURL: url, folder: folder, process: process)
        } catch {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Reads up to `ACCEPT 127.0.0.1:PORT`; `nil` when the server exits first.
    private static func acceptedPort(from handle: FileHandle) -> Int? {
        var buffer = Data()
        while true {
            let chunk = handle.nextChunk()
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("ACCEPT ") {
                return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            }
        }
    }
}

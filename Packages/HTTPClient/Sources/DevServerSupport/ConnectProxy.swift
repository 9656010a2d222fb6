import Foundation
import HTTPClient

/// The repository's test proxy (`Scripts/tools/dev-server/connect_proxy.py`) on a free loopback port: it
/// tunnels `CONNECT`, forwards absolute-form `http` requests, and counts both.
///
/// With `httpsOrigin` it also serves an HTTPS origin with a self-signed certificate (`/missing` is a 404,
/// `/moved` a 302 to `/target`, anything else 200 `ok PATH`), to reach through the tunnel.
///
/// ```swift
/// try await ConnectProxy.run(httpsOrigin: true) { proxy in
///     let origin = try #require(proxy.origin)
///     let client = try CurlClient(
///         baseURL: origin.baseURL, certificateAuthorities: origin.certificate, proxy: .url(proxy.url))
///     // ...
///     let counts = try await proxy.counts(with: try CurlClient(baseURL: proxy.url, proxy: .direct))
/// }
/// ```
public final class ConnectProxy {
    /// Why the proxy could not be started.
    public struct Error: Swift.Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The HTTPS origin served beside the proxy.
    public struct Origin: Sendable {
        /// `https://127.0.0.1:PORT/`.
        public let baseURL: URL
        /// Its self-signed certificate, to trust as the certificate authority.
        public let certificate: URL
    }

    /// What the proxy saw.
    public struct Counts: Decodable, Equatable, Sendable {
        /// The `host:port` of each tunnel it opened.
        public let connect: [String]
        /// The absolute URL of each plain-HTTP request it forwarded.
        public let forward: [String]
        /// How many requests it answered with 407 for lacking its credentials.
        public let refused: Int
    }

    /// `http://127.0.0.1:PORT`, the proxy's URL (without credentials).
    public let url: URL
    /// The HTTPS origin, when one was asked for.
    public let origin: Origin?
    private let process: Process
    private let folder: URL

    private init(url: URL, origin: Origin?, process: Process, folder: URL) {
        self.url = url
        self.origin = origin
        self.process = process
        self.folder = folder
    }

    deinit { stop() }

    /// Starts the proxy, runs `body` with it, and stops it whatever happens.
    /// - Parameters:
    ///   - credentials: `USER:PASSWORD` the proxy requires (Basic), or nil for none.
    ///   - httpsOrigin: Whether to serve an HTTPS origin too (``origin``); needs `openssl`.
    ///   - filePath: Any file inside the repository; used to find the script.
    ///   - body: The work to do while the proxy runs.
    public static func run<T>(
        credentials: String? = nil, httpsOrigin: Bool = false, filePath: String = #filePath,
        _ body: (ConnectProxy) async throws -> T
    ) async throws -> T {
        let proxy = try await start(credentials: credentials, httpsOrigin: httpsOrigin, filePath: filePath)
        defer { proxy.stop() }
        return try await body(proxy)
    }

    /// What the proxy saw so far, asked of the proxy itself through `client`, a direct client for ``url``.
    public func counts(with client: HTTPClient) async throws -> Counts {
        let (data, _) = try await client.load(request: AdminRequest(path: "counts"))
        return try JSONDecoder().decode(Counts.self, from: data)
    }

    /// Stops the proxy and removes its certificate. Calling it again does nothing.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func start(credentials: String?, httpsOrigin: Bool, filePath: String) async throws -> ConnectProxy {
        let script = try scriptURL(near: filePath)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("connect-proxy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var arguments = [script.path, "--port", "0"]
        if let credentials { arguments += ["--credentials", credentials] }
        let certificate = folder.appendingPathComponent("cert.pem")
        if httpsOrigin {
            try SelfSignedCertificate.make(in: folder)
            arguments += ["--origin-certificate", certificate.path]
            arguments += ["--origin-key", folder.appendingPathComponent("key.pem").path]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let ports: (Int, Int)? = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: readReadyLine(from: handle)) }
        }
        guard let (port, originPort) = ports, let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            try? FileManager.default.removeItem(at: folder)
            throw Error(description: "connect_proxy.py exited before it was ready")
        }
        let origin = URL(string: "https://127.0.0.1:\(originPort)/").flatMap { baseURL in
            httpsOrigin ? Origin(baseURL: baseURL, certificate: certificate) : nil
        }
        return ConnectProxy(url: url, origin: origin, process: process, folder: folder)
    }

    /// Reads up to `connect-proxy ready port=P origin=O`; nil when the script exits first.
    private static func readReadyLine(from handle: FileHandle) -> (Int, Int)? {
        var buffer = Data()
        while true {
            let chunk = handle.nextChunk()
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            for line in text.split(separator: "\n") where line.hasPrefix("connect-proxy ready ") {
                let fields = line.split(separator: " ")
                func value(_ name: String) -> Int? {
                    fields.first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
                }
                guard let port = value("port"), let origin = value("origin") else { return nil }
                return (port, origin)
            }
        }
    }

    private static func scriptURL(near filePath: String) throws -> URL {
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Scripts/tools/dev-server/connect_proxy.py")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw Error(description: "Scripts/tools/dev-server/connect_proxy.py not found above \(filePath)")
    }
}

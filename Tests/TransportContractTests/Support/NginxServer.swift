import DevServerSupport
import Foundation

/// Debian's nginx on 127.0.0.1, serving HTTP/2 over TLS with a self-signed certificate, everything in a
/// temporary folder of its own; its access log names each request's protocol and connection.
final class NginxServer {
    /// Why nginx could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One line of the access log.
    struct LogEntry: Equatable {
        /// `$server_protocol`, for example `HTTP/2.0`.
        let serverProtocol: String
        /// `$connection`: the serial number of the connection the request came on.
        let connection: String
        let uri: String
    }

    /// `https://127.0.0.1:PORT/`.
    let baseURL: URL
    /// The self-signed certificate, to trust as the certificate authority.
    let certificate: URL
    private let folder: URL
    private let process: Process

    /// The nginx executable on `PATH` or in `/usr/sbin`, or nil when it is not installed.
    static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return (path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"])
            .map { URL(fileURLWithPath: $0).appendingPathComponent("nginx") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the tests run under CI, where a missing nginx is a failure rather than a reason to skip.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// Starts nginx in a new temporary folder, runs `body` with it, and stops it whatever happens.
    static func run<T>(_ body: (NginxServer) async throws -> T) async throws -> T {
        let server = try await start()
        defer { server.stop() }
        return try await body(server)
    }

    private init(folder: URL, port: Int, process: Process) throws {
        self.folder = folder
        self.process = process
        certificate = folder.appendingPathComponent("cert.pem")
        guard let url = URL(string: "https://127.0.0.1:\(port)/") else {
            throw Failure(description: "no URL for port \(port)")
        }
        baseURL = url
    }

    /// The access log's entries so far, once it has at least `count` (nginx writes a line when a request
    /// ends, possibly after the client got its response; this reads the file every 10 ms, for at most 10 s).
    func accessLog(atLeast count: Int) async throws -> [LogEntry] {
        var entries: [LogEntry] = []
        for _ in 0..<1_000 {
            let text = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            entries = text.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ").map(String.init)
                return fields.count == 3
                    ? LogEntry(serverProtocol: fields[0], connection: fields[1], uri: fields[2]) : nil
            }
            if entries.count >= count { return entries }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure(description: "nginx logged \(entries.count) of \(count) requests within 10 s")
    }

    private func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func start() async throws -> NginxServer {
        guard let nginx = executable else {
            throw Failure(description: "nginx is not installed: Scripts/bootstrap --bench installs it (Debian: nginx)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try SelfSignedCertificate.make(in: folder)
            let port = try ReservedPort().port
            try configuration(folder: folder, port: port)
                .write(to: folder.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = nginx
            process.arguments = [
                "-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path,
                "-e", folder.appendingPathComponent("error.log").path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let server = try NginxServer(folder: folder, port: port, process: process)
            try await server.waitUntilListening()
            return server
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Returns once nginx wrote its pid file, which it does after binding its port; throws when it exits first.
    private func waitUntilListening() async throws {
        let pidFile = folder.appendingPathComponent("nginx.pid")
        for _ in 0..<1_000 {
            if FileManager.default.fileExists(atPath: pidFile.path) { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        stop()
        throw Failure(description: "nginx did not start: \(log)")
    }

    private static func configuration(folder: URL, port: Int) -> String {
        let path = folder.path
        return """
            daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/error.log;
            events { worker_connections 64; }
            http {
                log_format contract '$server_protocol $connection $request_uri';
                access_log \(path)/access.log contract;
                client_body_temp_path \(path)/client_body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                server {
                    listen 127.0.0.1:\(port) ssl http2;
                    ssl_certificate \(path)/cert.pem;
                    ssl_certificate_key \(path)/key.pem;
                    location / { default_type text/plain; return 200 "ok $uri"; }
                }
            }

            """
    }
}

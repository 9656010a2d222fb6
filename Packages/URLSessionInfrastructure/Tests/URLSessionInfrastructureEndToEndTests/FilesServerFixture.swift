import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers

@testable import URLSessionInfrastructure

/// A dev server whose Files API serves a folder of the test's own, a client for it, a bearer token, and an
/// empty folder for the client's temporary files; both folders are removed at the end.
struct FilesServerFixture: Sendable {
    let server: DevServer.Reference
    let client: URLSessionClient
    let token: String
    /// The folder the Files API serves.
    let filesDirectory: URL
    /// The folder the client puts spill files and staged uploads in.
    let scratchDirectory: URL
    /// A folder for the test's own files, such as those it uploads.
    let sourceDirectory: URL

    /// The server's admin routes.
    var admin: DevServerAdmin { DevServerAdmin(client: client) }

    /// Starts a server on a new folder holding `files` (name → bytes) and runs `body` with the fixture.
    static func run<T>(
        files: [String: Data] = [:], _ body: (FilesServerFixture) async throws -> T
    ) async throws -> T {
        let root = try TemporaryDirectory(prefix: "sessionstream")
        defer { root.remove() }
        let filesDirectory = root.file("files")
        let scratchDirectory = root.file("scratch")
        let sourceDirectory = root.file("source")
        for directory in [sourceDirectory, filesDirectory, scratchDirectory] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for (name, data) in files {
            try data.write(to: filesDirectory.appendingPathComponent(name))
        }
        return try await DevServer.run(arguments: ["--files-dir", filesDirectory.path]) { server in
            let client = try URLSessionClient.ephemeral(baseURL: server.baseURL.absoluteString, requestTimeout: 120)
            let token = try await DevServerAdmin(client: client).issueAccessToken()
            let fixture = FilesServerFixture(
                server: DevServer.Reference(baseURL: server.baseURL), client: client, token: token,
                filesDirectory: filesDirectory, scratchDirectory: scratchDirectory, sourceDirectory: sourceDirectory)
            return try await body(fixture)
        }
    }

    /// Buffering into ``scratchDirectory`` with `memoryLimit` bytes in memory.
    func buffering(memoryLimit: Int = 1024 * 1024) -> StreamBuffering {
        StreamBuffering(directory: scratchDirectory, memoryLimit: memoryLimit)
    }

    /// The names in ``scratchDirectory``.
    func scratchFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratchDirectory.path)
    }

    /// `GET /v1/files/NAME` with the bearer token.
    func download(_ name: String) -> TestRequest {
        TestRequest(method: .get, path: "files/\(name)", headers: ["Authorization": "Bearer \(token)"])
    }

    /// `POST /v1/files` with the bearer token and `form`'s content type.
    func upload(_ form: MultipartForm) -> TestRequest {
        TestRequest(
            method: .post, path: "files",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": form.contentType])
    }
}

extension DevServer {
    /// The part of a running server a fixture keeps.
    struct Reference: Sendable {
        let baseURL: URL
    }
}

/// `count` pseudo-random bytes, the same for the same seed.
func randomBytes(count: Int, seed: UInt64) -> Data {
    var generator = SplitMix64(seed: seed)
    var data = Data(capacity: count + 8)
    while data.count < count {
        withUnsafeBytes(of: generator.next()) { data.append(contentsOf: $0) }
    }
    return data.prefix(count)
}

/// The server's answer to an upload: each stored file's name, size and SHA-256.
struct UploadedFiles: Decodable {
    struct File: Decodable, Equatable {
        let name: String
        let size: Int
        let sha256: String
    }

    let files: [File]
}

import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPTransfers

/// A dev server whose Files API serves a temporary folder of the test's own, with an access token for it.
struct FilesServer {
    let contract: ContractServer
    /// The folder the server serves and stores uploads in.
    let folder: URL
    /// A valid access token, without the `Bearer ` prefix.
    let token: String

    /// A new client of the transport under contract for this server.
    func client(_ options: ClientOptions = ClientOptions()) throws -> any HTTPClient {
        try contract.client(options)
    }

    /// `GET /v1/files/{name}` with the access token.
    func download(_ name: String) -> TestRequest {
        TestRequest(method: .get, path: "files/\(name)", version: "v1", headers: authorization)
    }

    /// `POST /v1/files` with the access token and `form`'s content type; the body goes to `stream`.
    func upload(_ form: MultipartForm) -> TestRequest {
        var headers = authorization
        headers["Content-Type"] = form.contentType
        return TestRequest(method: .post, path: "files", version: "v1", headers: headers)
    }

    /// Writes `size` bytes (byte i is `i % 251`, then `salt` added) to `name` in the served folder and
    /// returns their SHA-256 in hexadecimal.
    @discardableResult
    func store(_ name: String, size: Int, salt: UInt8 = 0) throws -> String {
        let url = folder.appendingPathComponent(name)
        try PatternFile.write(to: url, size: size, salt: salt)
        return try SHA256Sum.hex(contentsOf: url)
    }

    private var authorization: HTTPHeaders { ["Authorization": "Bearer \(token)"] }

    /// Starts a dev server on a new temporary folder, holding `files` (name and size), and runs `body` with it.
    static func run<T>(
        _ transport: Transport, files: [String: Int] = [:], _ body: (FilesServer) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-files-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, size) in files { try PatternFile.write(to: folder.appendingPathComponent(name), size: size) }
        return try await ContractServer.run(transport, arguments: ["--files-dir", folder.path]) { contract in
            let token = try await contract.admin.issueAccessToken()
            return try await body(FilesServer(contract: contract, folder: folder, token: token))
        }
    }
}

/// Files of the dev server's pattern bytes, written a block at a time.
enum PatternFile {
    /// Writes `size` bytes (byte i is `(i % 251 + salt) % 256`) to `url`.
    static func write(to url: URL, size: Int, salt: UInt8 = 0) throws {
        // 251 × 4096 bytes: a whole number of periods, so every block starts the pattern again.
        let block = Data((0..<(251 * 4096)).map { UInt8($0 % 251) &+ salt })
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var remaining = size
        while remaining > 0 {
            let piece = block.prefix(remaining)
            try handle.write(contentsOf: piece)
            remaining -= piece.count
        }
    }
}

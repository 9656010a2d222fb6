import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// A dev server whose Files API serves `files` from a temporary folder, a client for it and a bearer token.
struct FilesServer {
    let server: DevServer
    let client: CurlClient
    let token: String
    let folder: URL

    /// A Files API request for `name` (or the collection), with the bearer token.
    func request(_ method: HTTPMethod, _ name: String? = nil, headers: HTTPHeaders = [:]) -> TestRequest {
        var headers = headers
        headers["Authorization"] = "Bearer \(token)"
        let path = name.map { "v1/files/\($0)" } ?? "v1/files"
        return devRequest(method, path, headers: headers)
    }

    /// The server's listing: name to SHA-256.
    func digests() async throws -> [String: String] {
        struct Listing: Decodable {
            struct File: Decodable {
                let name: String
                let sha256: String
            }
            let files: [File]
        }
        let (data, _) = try await client.load(request: request(.get))
        return Dictionary(
            uniqueKeysWithValues: try JSONDecoder().decode(Listing.self, from: data).files.map {
                ($0.name, $0.sha256)
            })
    }
}

/// Writes `files` to a new temporary folder, starts a dev server serving it, and runs `body`.
func withFilesServer<T>(
    _ files: [String: Data] = [:], maximumResponseBytes: Int = 32 * 1024 * 1024,
    _ body: (FilesServer) async throws -> T
) async throws -> T {
    let folder = try TemporaryDirectory(prefix: "curl-files")
    defer { folder.remove() }
    for (name, data) in files { _ = try folder.file(name, contents: data) }
    return try await DevServer.run(arguments: ["--files-dir", folder.url.path]) { server in
        let client = try CurlClient(baseURL: server.baseURL, maximumResponseBytes: maximumResponseBytes)
        let token = try await client.admin.issueAccessToken()
        return try await body(FilesServer(server: server, client: client, token: token, folder: folder.url))
    }
}

/// `count` pseudo-random bytes, the same for the same seed.
func randomBytes(_ count: Int, seed: UInt64) -> Data {
    var generator = SplitMix64(seed: seed)
    var words = [UInt64](repeating: 0, count: (count + 7) / 8)
    words.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices { buffer[index] = generator.next() }
    }
    return words.withUnsafeBytes { Data($0.prefix(count)) }
}

/// Every progress report of one transfer, in order.
final class ProgressLog: Sendable {
    private let reports = LockedValue<[HTTPTransferProgress]>([])

    /// The closure to hand to `stream`.
    var record: @Sendable (HTTPTransferProgress) -> Void {
        { progress in self.reports.withLock { $0.append(progress) } }
    }

    /// The reports so far.
    var all: [HTTPTransferProgress] { reports.withLock { $0 } }

    /// Whether no count ever went down.
    var isMonotonic: Bool {
        let all = all
        return zip(all, all.dropFirst()).allSatisfy {
            $0.bytesSent <= $1.bytesSent && $0.bytesReceived <= $1.bytesReceived
        }
    }
}

/// A chunk sequence that yields `chunks` once each, as a caller's single-pass body would.
func singlePassChunks(_ chunks: [Data]) -> AsyncStream<Data> {
    AsyncStream { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
}

/// The error a throwing call ended with, as `E`.
func error<E: Error>(_ type: E.Type, of operation: () async throws -> Void) async -> E? {
    do {
        try await operation()
        Issue.record("expected \(E.self), but the call succeeded")
        return nil
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected \(E.self), got \(error)")
        return nil
    }
}

/// Compares streamed chunks with the bytes they should be, in order, without holding them.
struct ByteComparison {
    let expected: Data
    private(set) var offset = 0
    private(set) var mismatch: Int?

    init(_ expected: Data) {
        self.expected = expected
    }

    /// Whether every byte so far matched and all of `expected` arrived.
    var isEqual: Bool { mismatch == nil && offset == expected.count }

    /// Checks the next `chunk`.
    mutating func update(_ chunk: Data) {
        let end = offset + chunk.count
        if mismatch == nil, end > expected.count || expected[offset..<end] != chunk { mismatch = offset }
        offset = end
    }
}

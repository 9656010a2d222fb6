import Foundation
import HTTPClient
import HTTPClientTestSupport

/// A folder under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("HTTPClientTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file URL inside the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names of the files in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// An `HTTPClient` that streams natively: each request gets the next scripted head and chunks, and the body
/// may fail after its chunks (an interrupted transfer).
final class ChunkedScriptClient: HTTPClient {
    /// One scripted answer.
    struct Answer: Sendable {
        var response: HTTPResponse
        var chunks: [Data]
        var failure: (any Error)?

        init(_ statusCode: Int, headers: HTTPHeaders = [:], chunks: [Data] = [], failure: (any Error)? = nil) {
            response = HTTPResponse(statusCode: statusCode, headers: headers)
            self.chunks = chunks
            self.failure = failure
        }
    }

    /// What a request sent, as far as these tests look.
    struct SentRequest: Sendable {
        var path: String
        var headers: HTTPHeaders?
    }

    struct Unscripted: Error {}

    let answers: [Answer]
    let requests = RecordedValues<SentRequest>()

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw Unscripted()
    }

    func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let index = requests.count
        requests.append(SentRequest(path: request.path, headers: request.headers))
        guard index < answers.count else { throw Unscripted() }
        let answer = answers[index]
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in answer.chunks { continuation.yield(chunk) }
            continuation.finish(throwing: answer.failure)
        }
        return try await receive(answer.response, HTTPBody(chunks, length: .unknown))
    }
}

/// The chunks of `data`, `size` bytes each (the last may be shorter).
func chunks(of data: Data, size: Int) -> [Data] {
    stride(from: data.startIndex, to: data.endIndex, by: size).map {
        data.subdata(in: $0..<min($0 + size, data.endIndex))
    }
}

/// `count` bytes that differ from one offset to the next.
func sampleBytes(_ count: Int, seed: UInt8 = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

/// A single-pass chunk sequence yielding `chunks`.
func singlePass(_ chunks: [Data]) -> AsyncStream<Data> {
    AsyncStream { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
}

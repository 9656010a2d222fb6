import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

/// Cancelling a download mid-body keeps what arrived for the next call, even when the transport ends the body
/// quietly instead of throwing.
struct DownloadCancellationTests {
    private let part = sampleBytes(1_000, seed: 3)

    @Test(arguments: [
        (HTTPHeaders(["ETag": "\"e\""]), HTTPBodyLength.unknown),
        (HTTPHeaders(["ETag": "\"e\"", "Content-Length": "5000"]), .unknown),
        (HTTPHeaders(["ETag": "\"e\"", "Content-Length": "5000"]), .known(5_000)),
    ])
    func aBodyThatEndsOnCancellationIsKeptAsAPartialFile(headers: HTTPHeaders, length: HTTPBodyLength) async throws {
        let folder = try TemporaryDirectory()
        let client = EndsWhenCancelledClient(
            response: HTTPResponse(statusCode: 200, headers: headers), first: part, length: length)

        await #expect(throws: CancellationError.self) {
            try await Self.downloadCancelled(after: 1_000, from: client, to: folder.file("f"))
        }

        #expect(try folder.contents() == ["f.partial", "f.partial.json"])
        #expect(try Data(contentsOf: folder.file("f.partial")) == part)
    }

    @Test func aCancelledBodyWithoutAValidatorLeavesNothing() async throws {
        let folder = try TemporaryDirectory()
        let client = EndsWhenCancelledClient(response: HTTPResponse(statusCode: 200), first: part, length: .unknown)

        await #expect(throws: CancellationError.self) {
            try await Self.downloadCancelled(after: 1_000, from: client, to: folder.file("f"))
        }

        #expect(try folder.contents().isEmpty)
    }

    /// Downloads `destination` in a task cancelled once `bytes` bytes were written.
    private static func downloadCancelled(after bytes: Int64, from client: some HTTPClient, to destination: URL)
        async throws
    {
        let (written, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await client.download(request: TestRequest(), to: destination) { progress in
                if progress.bytesReceived >= bytes { signal.yield() }
            }
        }
        var iterator = written.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        _ = try await task.value
    }
}

/// A client whose response body of `length` delivers `first`, then waits and ends without an error once the
/// task is cancelled, as a transport may do when it stops a transfer.
private struct EndsWhenCancelledClient: HTTPClient {
    let response: HTTPResponse
    let length: HTTPBodyLength
    private let chunks: AsyncStream<Data>
    private let continuation: AsyncStream<Data>.Continuation

    init(response: HTTPResponse, first: Data, length: HTTPBodyLength) {
        self.response = response
        self.length = length
        (chunks, continuation) = AsyncStream<Data>.makeStream()
        continuation.yield(first)
    }

    func load(request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw TestFailure("load is not used")
    }

    func stream<Result: Sendable>(
        request: HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await receive(response, HTTPBody(chunks, length: length))
    }
}

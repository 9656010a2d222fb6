import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("UploadSource: memory or a staged file")
struct UploadSourceTests {
    @Test("no body, or an empty one, sends nothing")
    func nothing() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }

        let none = try await UploadSource.make(body: nil, data: nil, directory: scratch.url)
        let empty = try await UploadSource.make(body: HTTPBody(Data()), data: nil, directory: scratch.url)

        #expect(!none.content.sendsBytes)
        #expect(!empty.content.sendsBytes)
        #expect(try scratch.contents().isEmpty)
    }

    @Test("the request's own data, or a small replayable body, is sent from memory")
    func inMemory() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }

        let own = try await UploadSource.make(body: nil, data: Data("own".utf8), directory: scratch.url)
        let small = try await UploadSource.make(body: HTTPBody(Data("small".utf8)), data: nil, directory: scratch.url)

        guard case .data(let ownData) = own.content, case .data(let smallData) = small.content else {
            Issue.record("expected data, got \(own.content) and \(small.content)")
            return
        }
        #expect(ownData == Data("own".utf8))
        #expect(smallData == Data("small".utf8))
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a single-pass body is copied to a file, which removeStagedFile deletes")
    func staged() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let body = HTTPBody(ScriptedChunks(["ab", "cd"]), length: .unknown)

        let source = try await UploadSource.make(body: body, data: nil, directory: scratch.url)

        guard case .file(let url) = source.content else {
            Issue.record("expected a file, got \(source.content)")
            return
        }
        #expect(try Data(contentsOf: url) == Data("abcd".utf8))
        #expect(source.length == 4)
        source.removeStagedFile()
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a body that breaks its known length throws lengthMismatch and leaves no file")
    func lengthMismatch() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let body = HTTPBody(ScriptedChunks(["abc"]), length: .known(5))

        await #expect(throws: HTTPBodyError.self) {
            try await UploadSource.make(body: body, data: nil, directory: scratch.url)
        }

        #expect(try scratch.contents().isEmpty)
    }
}

extension UploadSourceTests {
    @Test("cancelling while a body is copied throws cancelled and leaves no file")
    func cancelledWhileCopying() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let firstChunkRead = Gate()
        let never = Gate()
        let body = HTTPBody(
            AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(Data("a".utf8))
                let waiting = Task {
                    await firstChunkRead.open()
                    do {
                        try await never.wait()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in waiting.cancel() }
            }, length: .unknown)
        let copy = Task { try await UploadSource.make(body: body, data: nil, directory: scratch.url) }
        try await firstChunkRead.wait()

        copy.cancel()

        let error = await #expect(throws: HTTPTransportError.self) { try await copy.value }
        #expect(error?.kind == .cancelled)
        #expect(try scratch.contents().isEmpty)
    }
}

/// Chunks given as strings, for single-pass bodies.
private struct ScriptedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let chunks: [String]

    init(_ chunks: [String]) {
        self.chunks = chunks
    }

    func makeAsyncIterator() -> AsyncStream<Data>.Iterator {
        AsyncStream { continuation in
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish()
        }.makeAsyncIterator()
    }
}

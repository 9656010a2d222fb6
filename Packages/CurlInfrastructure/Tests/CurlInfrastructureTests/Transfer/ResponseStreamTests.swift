import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

@testable import CurlInfrastructure

@Suite("ResponseStream")
struct ResponseStreamTests {
    private let chunk = Data(repeating: 7, count: 16 * 1024)

    @Test("past the high watermark it pauses and keeps nothing; one read takes it all and resumes once")
    func watermarks() async throws {
        let resumes = LockedValue(0)
        let stream = ResponseStream { resumes.withLock { $0 += 1 } }
        var accepted = 0
        while case .accepted = accept(chunk, into: stream) { accepted += chunk.count }
        #expect(resumes.withLock { $0 } == 0)

        let drained = try await stream.next()

        #expect(drained == Data(repeating: 7, count: accepted))
        #expect(accepted <= ResponseStream.highWatermark)
        #expect(accepted > ResponseStream.highWatermark - chunk.count)
        #expect(resumes.withLock { $0 } == 1)
    }

    @Test("a chunk that arrives while the reader waits is handed over; the end reads as nil")
    func handOver() async throws {
        let stream = ResponseStream {}
        let reader = Task { try await stream.next() }
        _ = accept(chunk, into: stream)

        let first = try await reader.value
        stream.finish(.success(()))
        let end = try await stream.next()

        #expect(first == chunk)
        #expect(end == nil)
    }

    @Test("a cancellation drops what was buffered and is what the reader gets")
    func cancellation() async throws {
        let stream = ResponseStream {}
        _ = accept(chunk, into: stream)

        stream.finish(.failure(.transport(.cancelled)))

        let error = await #expect(throws: HTTPTransportError.self) { _ = try await stream.next() }
        #expect(error?.kind == .cancelled)
    }

    @Test("another failure reaches the reader after the bytes that arrived before it")
    func failureAfterBytes() async throws {
        let stream = ResponseStream {}
        _ = accept(chunk, into: stream)

        stream.finish(.failure(.transport(.connectionLost(underlying: CurlError(code: 18, message: "partial")))))

        let first = try await stream.next()
        let error = await #expect(throws: HTTPTransportError.self) { _ = try await stream.next() }
        #expect(first == chunk)
        #expect(error?.kind == .connectionLost)
    }

    @Test("an end before any head fails the wait for the head with the transfer's error")
    func noHead() async throws {
        let stream = ResponseStream {}
        let waiting = Task { try await stream.head() }

        stream.finish(.failure(.body(HTTPBodyError.alreadyRead)))

        await #expect(throws: HTTPBodyError.self) { try await waiting.value }
    }

    private func accept(_ data: Data, into stream: ResponseStream) -> BodyVerdict {
        data.withUnsafeBytes { stream.accept($0) }
    }
}

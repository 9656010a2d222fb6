import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

struct ObservedChunksTests {
    @Test func theObserverSeesEachWaitAndChunkAndTheEndWhileTheReaderGetsTheBytesUnchanged() async throws {
        let events = LockedValue<[String]>([])
        let source = HTTPBody(
            AsyncStream { continuation in
                continuation.yield(Data("ab".utf8))
                continuation.yield(Data("c".utf8))
                continuation.finish()
            }, length: .known(3))

        let body = source.observed { event in events.withLock { $0.append(Self.describe(event)) } }
        let read = try await body.collect(upTo: 10)

        #expect(read == Data("abc".utf8))
        #expect(body.length == .known(3))
        #expect(!body.isReplayable)
        #expect(events.withLock { $0 } == ["waiting", "chunk ab", "waiting", "chunk c", "waiting", "end"])
    }

    @Test func aFailingReadIsShownToTheObserverAndRethrown() async {
        let events = LockedValue<[String]>([])
        let source = HTTPBody(
            AsyncThrowingStream<Data, any Error> { $0.finish(throwing: TestError.broken) },
            length: .unknown)

        let body = source.observed { event in events.withLock { $0.append(Self.describe(event)) } }

        await #expect(throws: TestError.broken) { try await body.collect(upTo: 10) }
        #expect(events.withLock { $0 } == ["waiting", "failure broken"])
    }

    @Test func anErrorTheObserverThrowsReachesTheReader() async {
        let body = HTTPBody(Data("abc".utf8)).observed { event in
            if case .chunk = event { throw TestError.refused }
        }

        await #expect(throws: TestError.refused) { try await body.collect(upTo: 10) }
    }

    private enum TestError: Error {
        case broken, refused
    }

    private static func describe(_ event: ObservedChunks.Event) -> String {
        switch event {
        case .waiting: "waiting"
        case .chunk(let data): "chunk \(String(decoding: data, as: UTF8.self))"
        case .end: "end"
        case .failure(let error): "failure \(error)"
        }
    }
}

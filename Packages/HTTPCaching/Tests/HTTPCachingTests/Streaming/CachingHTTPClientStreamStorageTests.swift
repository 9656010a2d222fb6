import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Storing streamed answers in a memory store: kept only after a complete read of the announced length.
struct CachingHTTPClientStreamStorageTests {
    @Test func storesAnAnswerReadCompletelyAndServesTheNextRequestFromTheStore() async throws {
        let parts = [Data("hel".utf8), Data("lo".utf8)]
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable(parts)], store: store)

        let first = try await sut.read()
        let second = try await sut.read()

        #expect(first.chunks == parts)
        #expect(first.response.cacheOutcome == .miss)
        #expect(second.chunks.reduce(Data(), +) == Data("hello".utf8))
        #expect(second.response.cacheOutcome == .hit)
        #expect(second.response.headers?["ETag"] == "\"1\"")
        #expect(await sut.sent == 1)
        #expect(store.count == 1)
    }

    @Test func storesNothingWhenTheBodyFails() async throws {
        let store = MemoryHTTPCacheStore()
        let failing = StreamedReply(
            HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=60"]),
            steps: [.chunk(Data("par".utf8)), .fail(OriginError())], length: .known(6))
        let sut = StreamingCachingSUT([failing], store: store)

        await #expect(throws: OriginError.self) { try await sut.read() }

        #expect(store.count == 0)
    }

    @Test func storesNothingWhenTheTransferIsCancelled() async throws {
        let store = MemoryHTTPCacheStore()
        let cancelled = StreamedReply(
            HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=60"]),
            steps: [.chunk(Data("par".utf8)), .fail(CancellationError())], length: .known(6))
        let sut = StreamingCachingSUT([cancelled], store: store)

        await #expect(throws: CancellationError.self) { try await sut.read() }

        #expect(store.count == 0)
    }

    @Test func storesNothingWhenTheCallerStopsEarly() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("first".utf8), Data("second".utf8)])], store: store)

        #expect(try await sut.readFirstChunk() == Data("first".utf8))

        #expect(store.count == 0)
    }

    @Test func storesNothingWhenTheCallerThrowsAfterReadingEverything() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("all".utf8)])], store: store)

        await #expect(throws: OriginError.self) {
            try await sut.sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
                _ = try await body.collect(upTo: .max)
                throw OriginError()
            }
        }

        #expect(store.count == 0)
    }

    @Test func storesNothingWhenTheBodyIsShorterThanItsLength() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("short".utf8)], length: .known(9))], store: store)

        await #expect(throws: HTTPBodyError.self) { try await sut.read() }

        #expect(store.count == 0)
    }

    @Test func passesAnAnswerOfUnknownLengthThroughUnstored() async throws {
        let store = MemoryHTTPCacheStore()
        let parts = [Data("chunked".utf8), Data(" body".utf8)]
        let sut = StreamingCachingSUT([.cacheable(parts, length: .unknown)], store: store)

        let (chunks, response) = try await sut.read()

        #expect(chunks == parts)
        #expect(response.cacheOutcome == .miss)
        #expect(store.count == 0)
    }

    @Test func passesAnAnswerLargerThanTheStoreTakesThroughUnstored() async throws {
        let store = MemoryHTTPCacheStore(byteLimit: 1_000)
        let large = patternBytes(2_000)
        let sut = StreamingCachingSUT([.cacheable([large])], store: store)

        let (chunks, _) = try await sut.read()

        #expect(chunks == [large])
        #expect(store.count == 0)
    }

    @Test func passesAnAnswerTheRulesDoNotStoreThroughUnstored() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT(
            [.cacheable([Data("x".utf8)], length: .known(1), headers: ["Cache-Control": "no-store"])], store: store)

        let (chunks, _) = try await sut.read()

        #expect(chunks == [Data("x".utf8)])
        #expect(store.count == 0)
    }

    @Test func reportsProgressForAStoredAnswer() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("hello".utf8)])], store: store)
        try await sut.read()
        let reports = RecordedValues<HTTPTransferProgress>()
        let progress: @Sendable (HTTPTransferProgress) -> Void = { reports.append($0) }

        try await sut.sut.stream(request: TestRequest(), body: nil, progress: progress) { _, body in
            for try await _ in body {}
        }

        #expect(reports.values.map(\.bytesReceived) == [0, 5])
        #expect(reports.values.allSatisfy { $0.bytesExpectedToReceive == 5 })
    }
}

/// A store that implements only the original requirements streams through the default implementations.
struct CachingHTTPClientStreamDefaultStoreTests {
    @Test func storesACompleteReadAndServesTheNextFromAStoreWithoutStreamingRequirements() async throws {
        let store = SingleEntryStore()
        let sut = StreamingCachingSUT([.cacheable([Data("one".utf8), Data("two".utf8)])], store: store)

        try await sut.read()
        let (chunks, response) = try await sut.read()

        #expect(chunks.reduce(Data(), +) == Data("onetwo".utf8))
        #expect(response.cacheOutcome == .hit)
        #expect(store.entry(for: HTTPCacheKey(request: TestRequest()))?.body == Data("onetwo".utf8))
        #expect(await sut.sent == 1)
    }

    @Test func storesNothingInAStoreWithoutStreamingRequirementsWhenTheCallerStopsEarly() async throws {
        let store = SingleEntryStore()
        let sut = StreamingCachingSUT([.cacheable([Data("one".utf8), Data("two".utf8)])], store: store)

        #expect(try await sut.readFirstChunk() == Data("one".utf8))

        #expect(store.entry(for: HTTPCacheKey(request: TestRequest())) == nil)
    }
}

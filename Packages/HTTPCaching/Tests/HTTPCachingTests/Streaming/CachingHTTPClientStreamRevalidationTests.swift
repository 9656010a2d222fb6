import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Revalidation, stand-ins, invalidation and pass-through over `stream`.
struct CachingHTTPClientStreamRevalidationTests {
    @Test func aNotModifiedAnswerServesTheStoredBodyAndRenewsTheEntry() async throws {
        let store = MemoryHTTPCacheStore()
        let stale: HTTPHeaders = ["Cache-Control": "max-age=10", "ETag": "\"v1\"", "Content-Type": "text/plain"]
        let notModified = StreamedReply(HTTPResponse(statusCode: 304, headers: ["Cache-Control": "max-age=60"]))
        let sut = StreamingCachingSUT(
            [.cacheable([Data("stored".utf8)], length: .known(6), headers: stale), notModified], store: store)
        try await sut.read()
        sut.clock.advance(by: .seconds(30))

        let revalidated = try await sut.read()
        let renewed = try await sut.read()

        #expect(revalidated.chunks.reduce(Data(), +) == Data("stored".utf8))
        #expect(revalidated.response.statusCode == 200)
        #expect(revalidated.response.cacheOutcome == .revalidated)
        #expect(revalidated.response.headers?["Content-Type"] == "text/plain")
        #expect(await sut.origin.requests.last?.request.headers?["If-None-Match"] == "\"v1\"")
        #expect(renewed.response.cacheOutcome == .hit)
        #expect(renewed.chunks.reduce(Data(), +) == Data("stored".utf8))
        #expect(await sut.sent == 2)
    }

    @Test func aServerErrorLetsAStaleEntryStandIn() async throws {
        let store = MemoryHTTPCacheStore()
        let headers: HTTPHeaders = ["Cache-Control": "max-age=10, stale-if-error=600", "ETag": "\"v1\""]
        let sut = StreamingCachingSUT(
            [.cacheable([Data("stored".utf8)], length: .known(6), headers: headers), .status(503, chunks: ["down"])],
            store: store)
        try await sut.read()
        sut.clock.advance(by: .seconds(30))

        let (chunks, response) = try await sut.read()

        #expect(chunks.reduce(Data(), +) == Data("stored".utf8))
        #expect(response.statusCode == 200)
        #expect(response.cacheOutcome == .stale)
    }

    @Test func aSuccessfulUnsafeRequestInvalidatesItsPath() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("old".utf8)]), .status(204)], store: store)
        try await sut.read()

        let posted = try await sut.sut.stream(
            request: TestRequest(method: .post), body: HTTPBody(Data("new".utf8)), progress: nil
        ) { response, _ in response }

        #expect(posted.cacheOutcome == .miss)
        #expect(store.count == 0)
        #expect(await sut.origin.requests.last?.body == Data("new".utf8))
    }

    @Test func aRequestWithItsOwnPreconditionStreamsStraightThrough() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT([.cacheable([Data("part".utf8)])], store: store)

        let (chunks, response) = try await sut.read(TestRequest(headers: ["If-Range": "\"1\"", "Range": "bytes=5-"]))

        #expect(chunks == [Data("part".utf8)])
        #expect(response.cacheOutcome == .miss)
        #expect(store.count == 0)
    }

    @Test func offlineModeAnswersFromTheStoreAndFailsWithoutAnEntry() async throws {
        let store = MemoryHTTPCacheStore()
        try await StreamingCachingSUT([.cacheable([Data("kept".utf8)])], store: store).read()
        let offline = StreamingCachingSUT([], store: store, policy: HTTPCachePolicy(mode: .offline))

        let (chunks, _) = try await offline.read()

        #expect(chunks.reduce(Data(), +) == Data("kept".utf8))
        await #expect(throws: HTTPCacheError.self) { try await offline.read(TestRequest(path: "other")) }
    }
}

/// Streaming leaves nothing behind.
struct CachingHTTPClientStreamLifetimeTests {
    @Test func releasesTheOriginAndTheStoreAfterStreaming() async throws {
        func useAndDrop() async throws -> (
            WeakReference<StreamingScriptedHTTPClient>, WeakReference<DiskHTTPCacheStore>
        ) {
            let directory = StoreFixtures.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try DiskHTTPCacheStore(directory: directory)
            let sut = StreamingCachingSUT(
                [.cacheable([patternBytes(100)]), .cacheable([patternBytes(100)])], store: store)
            try await sut.read()
            try await sut.read()
            _ = try await sut.readFirstChunk(TestRequest(path: "other"))
            return (WeakReference(sut.origin), WeakReference(store))
        }

        let (origin, store) = try await useAndDrop()
        #expect(origin.object == nil)
        #expect(store.object == nil)
    }
}

import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// Every answer's outcome also goes to `HTTPLoadObservation.current`, once, for tracing.
struct CachingHTTPClientAnswerSourceTests {
    private static let validated: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"v1\""]

    @Test func reportsAMissAHitAndARevalidation() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.validated), .status(304)])
        let heard = RecordedValues<HTTPAnswerSource>()

        try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            try await cache.load()
            try await cache.load()
            cache.advance(seconds: 61)
            try await cache.load()
        }

        #expect(heard.values == [.cache(.miss), .cache(.hit), .cache(.revalidated)])
    }

    @Test func aLoadObserverHearsTheSameOutcomes() async throws {
        let cache = CachingSUT([.status(200, body: "a", headers: Self.validated)])
        let observer = RecordingLoadObserver()

        try await observer.observing {
            try await cache.load()
            try await cache.load()
        }

        #expect(observer.sources.values == [.cache(.miss), .cache(.hit)])
    }

    @Test func reportsAStaleAnswerInOfflineMode() async throws {
        let store = MemoryHTTPCacheStore()
        try await CachingSUT([.status(200, body: "a", headers: Self.validated)], store: store).load()
        let offline = CachingSUT(policy: HTTPCachePolicy(mode: .offline), store: store)
        offline.advance(seconds: 3_600)
        let heard = RecordedValues<HTTPAnswerSource>()

        try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            try await offline.load()
        }

        #expect(heard.values == [.cache(.stale)])
    }

    @Test func aStreamedAnswerIsReportedOnceBeforeItsReceiverRuns() async throws {
        let store = MemoryHTTPCacheStore()
        let sut = StreamingCachingSUT(
            [.cacheable([Data("stored".utf8)], length: .known(6), headers: Self.validated)], store: store)
        let heard = RecordedValues<HTTPAnswerSource>()

        let heardInReceiver = try await HTTPAnswerSourceObserver { heard.append($0) }.observing {
            _ = try await sut.read()
            return try await sut.sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in heard.values }
        }

        #expect(heardInReceiver == [.cache(.miss), .cache(.hit)])
        #expect(heard.values == [.cache(.miss), .cache(.hit)])
    }
}

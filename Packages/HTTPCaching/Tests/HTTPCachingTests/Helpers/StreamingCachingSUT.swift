import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport

/// A caching client over a streaming scripted origin, a given store and a clock the test moves.
struct StreamingCachingSUT {
    let sut: CachingHTTPClient
    let origin: StreamingScriptedHTTPClient
    let clock: ManualClock

    init(_ replies: [StreamedReply], store: any HTTPCacheStore, policy: HTTPCachePolicy = HTTPCachePolicy()) {
        let clock = ManualClock()
        origin = StreamingScriptedHTTPClient(replies: replies)
        sut = CachingHTTPClient(client: origin, store: store, policy: policy, now: { clock.date })
        self.clock = clock
    }

    /// Streams `request` through the cache and reads the whole body, chunk by chunk.
    @discardableResult
    func read(_ request: TestRequest = TestRequest()) async throws -> (chunks: [Data], response: HTTPResponse) {
        try await sut.stream(request: request, body: nil, progress: nil) { response, body in
            var chunks: [Data] = []
            for try await chunk in body { chunks.append(chunk) }
            return (chunks, response)
        }
    }

    /// Streams `request` through the cache and reads only the first chunk.
    func readFirstChunk(_ request: TestRequest = TestRequest()) async throws -> Data? {
        try await sut.stream(request: request, body: nil, progress: nil) { _, body in
            var iterator = body.makeAsyncIterator()
            return try await iterator.next()
        }
    }

    /// The number of requests the origin received.
    var sent: Int {
        get async { await origin.requests.count }
    }
}

extension StreamedReply {
    /// A cacheable `200` (fresh for 60 seconds, with an `ETag`) whose body is `chunks`, of `length`.
    static func cacheable(
        _ chunks: [Data], length: HTTPBodyLength,
        headers: HTTPHeaders = ["Cache-Control": "max-age=60", "ETag": "\"1\""]
    ) -> StreamedReply {
        StreamedReply(HTTPResponse(statusCode: 200, headers: headers), steps: chunks.map { .chunk($0) }, length: length)
    }

    /// A cacheable `200` whose body is `chunks`, with their total as its known length.
    static func cacheable(_ chunks: [Data]) -> StreamedReply {
        cacheable(chunks, length: .known(Int64(chunks.reduce(0) { $0 + $1.count })))
    }
}

/// `count` bytes of a repeating pattern, so slices in the wrong place show.
func patternBytes(_ count: Int) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) })
}

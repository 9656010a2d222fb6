import Foundation
import HTTPClient

/// A streamed response body decoded as its `Content-Encoding` says, lazily, on the reader's side.
///
/// Each read decodes at most ``CurlClient/streamDecodedChunkSize`` bytes, taking the encoded bytes buffered in
/// the ``ResponseStream`` (at most ``CurlClient/streamEncodedBufferLimit``) only once the decoder used up the
/// last batch. So the transfer's pause bounds the encoded bytes, and decoded bytes never pile up however well
/// they compress.
struct DecodedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let stream: ResponseStream
    /// The codings in the order they were applied.
    let codings: [ContentCoding]
    let observer: (any StreamBufferObserver)?

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let pipeline: DecodingPipeline

        func next() async throws -> Data? {
            try await pipeline.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pipeline: DecodingPipeline(stream: stream, codings: codings, observer: observer))
    }

    /// The body a stream's reader gets: decoded here when ``ResponseStream/Start/codings`` names codings,
    /// else as it arrived.
    static func body(
        _ stream: ResponseStream, start: ResponseStream.Start, observer: (any StreamBufferObserver)?
    ) -> HTTPBody {
        guard !start.codings.isEmpty else { return HTTPBody(ResponseChunks(stream: stream), length: start.length) }
        return HTTPBody(DecodedChunks(stream: stream, codings: start.codings, observer: observer), length: .unknown)
    }
}

/// The inflaters of one body, outermost coding first, each pulling from the one before it (the first from
/// the ``ResponseStream``) only when it needs more input.
private final class DecodingPipeline {
    private let stream: ResponseStream
    private let inflaters: [ZlibInflater]
    private let observer: (any StreamBufferObserver)?

    init(stream: ResponseStream, codings: [ContentCoding], observer: (any StreamBufferObserver)?) {
        self.stream = stream
        inflaters = codings.reversed().map(ZlibInflater.init)
        self.observer = observer
    }

    func next() async throws -> Data? {
        try await next(from: inflaters.count - 1)
    }

    /// The next decoded chunk of stage `stage`, or `nil` at the end.
    private func next(from stage: Int) async throws -> Data? {
        let inflater = inflaters[stage]
        while true {
            let decoded: Data
            do {
                decoded = try inflater.step(maximum: CurlClient.streamDecodedChunkSize)
            } catch {
                throw HTTPTransportError.undecodableContent(underlying: error)
            }
            observer?.record(heldBytes, in: .decoder)
            if !decoded.isEmpty { return decoded }
            let encoded =
                stage == 0
                ? try await stream.next() : try await next(from: stage - 1)
            guard let encoded else {
                do {
                    try inflater.finish()
                } catch {
                    throw HTTPTransportError.undecodableContent(underlying: error)
                }
                return nil
            }
            inflater.feed(encoded)
            observer?.record(heldBytes, in: .decoder)
        }
    }

    private var heldBytes: Int { inflaters.reduce(0) { $0 + $1.heldBytes } }
}

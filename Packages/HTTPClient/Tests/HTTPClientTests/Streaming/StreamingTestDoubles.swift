import Foundation
import HTTPClient
import HTTPClientTestSupport

/// A transfer that broke partway, as a transport would report it.
struct TransferInterrupted: Error, Equatable {}

extension StreamedReply {
    /// A reply with `statusCode` and `headers` whose body is `chunks`, then `failure` if given.
    static func reply(
        _ statusCode: Int, headers: HTTPHeaders = [:], chunks: [Data] = [], failure: (any Error)? = nil
    ) -> StreamedReply {
        StreamedReply(
            HTTPResponse(statusCode: statusCode, headers: headers),
            steps: chunks.map { .chunk($0) } + (failure.map { [.fail($0)] } ?? []))
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

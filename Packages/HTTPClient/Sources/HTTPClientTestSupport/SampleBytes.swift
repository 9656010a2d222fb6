import Foundation

/// `count` bytes that differ from one offset to the next.
public func sampleBytes(_ count: Int, seed: UInt8 = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

/// The chunks of `data`, `size` bytes each (the last may be shorter).
public func chunks(of data: Data, size: Int) -> [Data] {
    stride(from: data.startIndex, to: data.endIndex, by: size).map {
        data.subdata(in: $0..<min($0 + size, data.endIndex))
    }
}

/// A single-pass chunk sequence yielding `chunks`.
public func singlePass(_ chunks: [Data]) -> AsyncStream<Data> {
    AsyncStream { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport

/// Chunks for a single-pass body that count how many readers started on them.
struct CountingChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let chunks: [Data]
    let starts = RecordedValues<Int>()

    init(_ chunks: [String]) {
        self.chunks = chunks.map { Data($0.utf8) }
    }

    /// A single-pass body over these chunks, of unknown length.
    var body: HTTPBody { HTTPBody(self, length: .unknown) }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Data>

        mutating func next() async throws -> Data? {
            remaining.popFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        starts.append(starts.count + 1)
        return AsyncIterator(remaining: chunks[...])
    }
}

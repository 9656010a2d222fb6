import Foundation

/// The steps of a scripted body as an asynchronous sequence, reporting progress per chunk.
struct ScriptedBody: AsyncSequence, Sendable {
    typealias Element = Data

    let steps: [StreamedReply.Step]
    let onChunk: @Sendable (Int) -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var steps: ArraySlice<StreamedReply.Step>
        let onChunk: @Sendable (Int) -> Void

        mutating func next() async throws -> Data? {
            while let step = steps.popFirst() {
                switch step {
                case .chunk(let data):
                    onChunk(data.count)
                    return data
                case .wait(let gate):
                    try await gate.wait()
                case .fail(let error):
                    throw error
                }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(steps: steps[...], onChunk: onChunk)
    }
}

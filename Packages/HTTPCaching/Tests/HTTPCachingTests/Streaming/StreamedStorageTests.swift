import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// A streamed answer teed into the store as it is read, committed only on a complete read.
struct StreamedStorageTests {
    @Test func aCompleteReadWritesEveryChunkAndCommits() async throws {
        let writer = RecordingEntryWriter()

        let read = try await StreamedStorage(writer).reading(scriptedBody(["ab", "cd"])) { body in
            try await body.collect(upTo: 100)
        }

        #expect(read == Data("abcd".utf8) && writer.written == read && writer.ending == .committed)
    }

    @Test func anEarlyStopStoresNothing() async throws {
        let store = MemoryHTTPCacheStore()
        let writer = try #require(
            store.entryWriter(for: EntryFixtures.key(), entry: EntryFixtures.entry(), bodyLength: 4))

        _ = try await StreamedStorage(writer).reading(scriptedBody(["ab", "cd"])) { body in
            var iterator = body.makeAsyncIterator()
            return try await iterator.next()
        }

        #expect(store.entry(for: EntryFixtures.key()) == nil)
    }

    @Test func aFailedBodyDiscardsEvenWhenTheReaderSwallowsTheError() async throws {
        let writer = RecordingEntryWriter()

        try await StreamedStorage(writer).reading(scriptedBody(["ab"], failingWith: OriginError())) { body in
            _ = try? await body.collect(upTo: 100)
        }

        #expect(writer.ending == .discarded)
    }

    @Test func aReaderErrorDiscardsAndIsThrown() async throws {
        let writer = RecordingEntryWriter()

        await #expect(throws: OriginError.self) {
            try await StreamedStorage(writer).reading(scriptedBody(["ab"])) { _ in throw OriginError() }
        }
        #expect(writer.ending == .discarded)
    }
}

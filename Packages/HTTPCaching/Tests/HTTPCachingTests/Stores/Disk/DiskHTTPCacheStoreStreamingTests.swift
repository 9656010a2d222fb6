import Foundation
import HTTPCaching
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Streamed answers through a disk store: a temporary file beside the entries, renamed into place only after a
/// complete read, and hits read back from the entry file in chunks.
struct DiskHTTPCacheStoreStreamingTests {
    private let directory = StoreFixtures.directory()

    @Test func commitsAnAnswerReadCompletelyAndLeavesNoTemporaryFile() async throws {
        defer { removeDirectory() }
        let bytes = patternBytes(200_000)
        let sut = try makeSUT([.cacheable(split(bytes, into: 3))])

        let (chunks, _) = try await sut.read()

        #expect(chunks.reduce(Data(), +) == bytes)
        #expect(try names(withPrefix: ".tmp-").isEmpty)
        #expect(try StoreFixtures.entryFiles(in: directory).count == 1)
        let reopened = try DiskHTTPCacheStore(directory: directory)
        #expect(reopened.entry(for: HTTPCacheKey(request: TestRequest()))?.body == bytes)
    }

    @Test func servesAHitFromTheEntryFileInChunks() async throws {
        defer { removeDirectory() }
        let bytes = patternBytes(200_000)
        let sut = try makeSUT([.cacheable([bytes])])
        try await sut.read()

        let (chunks, response) = try await sut.read()

        #expect(chunks.map(\.count) == [65_536, 65_536, 65_536, 3_392])
        #expect(chunks.reduce(Data(), +) == bytes)
        #expect(response.cacheOutcome == .hit)
        #expect(await sut.sent == 1)
    }

    @Test func removesTheTemporaryFileWhenTheBodyFails() async throws {
        defer { removeDirectory() }
        let failing = StreamedReply(
            HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=60"]),
            steps: [.chunk(patternBytes(1_000)), .fail(OriginError())], length: .known(2_000))
        let sut = try makeSUT([failing])

        await #expect(throws: OriginError.self) { try await sut.read() }

        #expect(try names(withPrefix: "").isEmpty)
    }

    @Test func removesTheTemporaryFileWhenTheCallerStopsEarly() async throws {
        defer { removeDirectory() }
        let sut = try makeSUT([.cacheable([patternBytes(100), patternBytes(100)])])

        #expect(try await sut.readFirstChunk()?.count == 100)

        #expect(try names(withPrefix: "").isEmpty)
    }

    @Test func writesBesideTheEntriesWhileReadingAndRemovesTheFileWhenCancelled() async throws {
        defer { removeDirectory() }
        let gate = Gate()
        let stalled = StreamedReply(
            HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=60"]),
            steps: [.chunk(patternBytes(100)), .wait(gate), .chunk(patternBytes(100))], length: .known(200))
        let sut = try makeSUT([stalled])

        let reading = Task { try await sut.read() }
        while await gate.waiterCount == 0 { await Task.yield() }
        let whileStalled = try names(withPrefix: ".tmp-")
        reading.cancel()
        let outcome = await reading.result

        #expect(whileStalled.count == 1)
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(try names(withPrefix: "").isEmpty)
    }

    @Test func passesAnAnswerOverTheByteLimitThroughUnstored() async throws {
        defer { removeDirectory() }
        let bytes = patternBytes(20_000)
        let sut = try makeSUT([.cacheable([bytes])], byteLimit: 10_000)

        let (chunks, _) = try await sut.read()

        #expect(chunks == [bytes])
        #expect(try names(withPrefix: "").isEmpty)
    }

    @Test func passesAnAnswerOfUnknownLengthThroughUnstored() async throws {
        defer { removeDirectory() }
        let sut = try makeSUT([.cacheable([patternBytes(10)], length: .unknown)])

        let (chunks, _) = try await sut.read()

        #expect(chunks == [patternBytes(10)])
        #expect(try names(withPrefix: "").isEmpty)
    }

    @Test func aNotModifiedAnswerServesAndRewritesTheEntryFromItsFile() async throws {
        defer { removeDirectory() }
        let bytes = patternBytes(150_000)
        let headers: HTTPHeaders = ["Cache-Control": "max-age=10", "ETag": "\"v1\""]
        let notModified = StreamedReply(HTTPResponse(statusCode: 304, headers: ["Cache-Control": "max-age=60"]))
        let sut = try makeSUT([.cacheable([bytes], length: .known(150_000), headers: headers), notModified])
        try await sut.read()
        sut.clock.advance(by: .seconds(30))

        let revalidated = try await sut.read()
        let renewed = try await sut.read()

        #expect(revalidated.response.cacheOutcome == .revalidated)
        #expect(revalidated.chunks.count > 1 && revalidated.chunks.reduce(Data(), +) == bytes)
        #expect(renewed.response.cacheOutcome == .hit)
        #expect(renewed.chunks.reduce(Data(), +) == bytes)
        #expect(try names(withPrefix: ".tmp-").isEmpty)
        #expect(await sut.sent == 2)
    }

    @Test func aDamagedBodyFailsAtItsEndAndTheFileIsRemoved() async throws {
        defer { removeDirectory() }
        let sut = try makeSUT([.cacheable([patternBytes(1_000)])])
        try await sut.read()
        let file = try #require(try StoreFixtures.entryFiles(in: directory).first)
        var contents = try Data(contentsOf: file)
        contents[contents.count - 9] ^= 0xFF
        try contents.write(to: file)

        await #expect(throws: HTTPBodyError.self) { try await sut.read() }

        #expect(try StoreFixtures.entryFiles(in: directory).isEmpty)
    }

    private func makeSUT(_ replies: [StreamedReply], byteLimit: Int = 50_000_000) throws -> StreamingCachingSUT {
        StreamingCachingSUT(replies, store: try DiskHTTPCacheStore(directory: directory, byteLimit: byteLimit))
    }

    /// The names in the store's directory that start with `prefix`.
    private func names(withPrefix prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(prefix) }
    }

    private func removeDirectory() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func split(_ data: Data, into count: Int) -> [Data] {
        let size = (data.count + count - 1) / count
        return stride(from: 0, to: data.count, by: size).map { data.subdata(in: $0..<min($0 + size, data.count)) }
    }
}

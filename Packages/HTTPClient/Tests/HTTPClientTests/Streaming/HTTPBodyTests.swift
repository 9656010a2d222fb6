import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HTTPBodyTests {
    @Test func aDataBodyIsReplayableWithItsLength() async throws {
        let body = HTTPBody(Data("hello".utf8))

        #expect(body.length == .known(5))
        #expect(body.isReplayable)
        #expect(try await body.collect(upTo: 5) == Data("hello".utf8))
        #expect(try await body.collect(upTo: 5) == Data("hello".utf8))
    }

    @Test func aSinglePassBodyThrowsAlreadyReadForASecondReader() async throws {
        let body = HTTPBody(singlePass([Data("ab".utf8), Data("c".utf8)]), length: .known(3))

        #expect(!body.isReplayable)
        #expect(try await body.collect(upTo: 10) == Data("abc".utf8))
        let error = await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 10) }
        guard case .alreadyRead = error else {
            Issue.record("expected alreadyRead, got \(String(describing: error))")
            return
        }
    }

    @Test func exactlyOneOfManyConcurrentReadersGetsASinglePassBody() async throws {
        let body = HTTPBody(singlePass([Data("a".utf8), Data("b".utf8)]), length: .known(2))

        let outcomes = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<8 { group.addTask { try? await body.collect(upTo: 2) } }
            return await group.reduce(into: []) { $0.append($1) }
        }

        #expect(outcomes.compactMap { $0 } == [Data("ab".utf8)])
    }

    @Test func aSinglePassBodyIsClaimedByTheFirstReaderToAskForAChunk() async throws {
        let body = HTTPBody(singlePass([Data("x".utf8)]), length: .unknown)
        let unused = body.makeAsyncIterator()
        var reader = body.makeAsyncIterator()

        #expect(try await reader.next() == Data("x".utf8))
        var late = unused
        await #expect(throws: HTTPBodyError.self) { try await late.next() }
    }

    @Test(arguments: [Int64(3), 5])
    func aKnownLengthIsEnforcedWhenMoreOrFewerBytesArrive(declared: Int64) async throws {
        let body = HTTPBody(singlePass([Data("ab".utf8), Data("cd".utf8)]), length: .known(declared))

        let error = await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 100) }

        guard case .lengthMismatch(let expected, let received) = error else {
            Issue.record("expected lengthMismatch, got \(String(describing: error))")
            return
        }
        #expect(expected == declared)
        #expect(received == 4)
    }

    @Test func readingPastAKnownLengthStopsBeforeTheExtraChunkIsReturned() async throws {
        let body = HTTPBody(singlePass([Data("ab".utf8), Data("cd".utf8)]), length: .known(2))
        var reader = body.makeAsyncIterator()

        #expect(try await reader.next() == Data("ab".utf8))
        await #expect(throws: HTTPBodyError.self) { try await reader.next() }
    }

    @Test func collectRefusesAKnownLengthPastTheLimitWithoutReading() async throws {
        let body = HTTPBody(singlePass([Data("abcd".utf8)]), length: .known(4))

        let error = await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 3) }

        guard case .tooLarge(let limit) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(limit == 3)
        #expect(try await body.collect(upTo: 4) == Data("abcd".utf8))
    }

    @Test func collectRefusesAnUnknownLengthOnceItPassesTheLimit() async throws {
        let body = HTTPBody(singlePass([Data("ab".utf8), Data("cd".utf8)]), length: .unknown)

        let error = await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 3) }

        guard case .tooLarge(3) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func collectTakesABodyOfExactlyTheLimit() async throws {
        let body = HTTPBody(singlePass([Data("ab".utf8), Data("c".utf8)]), length: .unknown)

        #expect(try await body.collect(upTo: 3) == Data("abc".utf8))
    }

    @MainActor @Test func aBodyCanBeReadFromAnActor() async throws {
        let body = HTTPBody(singlePass([Data("a".utf8), Data("b".utf8)]), length: .known(2))
        var collected = Data()

        for try await chunk in body { collected.append(chunk) }

        #expect(collected == Data("ab".utf8))
    }

    @Test func emptyChunksAreSkipped() async throws {
        let body = HTTPBody(singlePass([Data(), Data("a".utf8), Data()]), length: .unknown)
        var chunks: [Data] = []

        for try await chunk in body { chunks.append(chunk) }

        #expect(chunks == [Data("a".utf8)])
    }

    @Test func aFileBodyHasTheFileSizeIsReadInChunksAndReplays() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("big.bin")
        let bytes = sampleBytes(150_000)
        try bytes.write(to: file)

        let body = try HTTPBody(contentsOf: file)
        var chunkSizes: [Int] = []
        for try await chunk in body { chunkSizes.append(chunk.count) }

        #expect(body.length == .known(150_000))
        #expect(body.isReplayable)
        #expect(chunkSizes == [65_536, 65_536, 18_928])
        #expect(try await body.collect(upTo: 150_000) == bytes)
    }

    @Test func aFileThatChangedSizeAfterTheBodyWasMadeFailsItsLength() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("grows.txt")
        try Data("abc".utf8).write(to: file)
        let body = try HTTPBody(contentsOf: file)
        try Data("abcdef".utf8).write(to: file)

        await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 100) }
    }

    @Test func aMissingFileIsUnreadable() throws {
        let folder = try TemporaryDirectory()

        let error = #expect(throws: HTTPBodyError.self) { try HTTPBody(contentsOf: folder.file("missing")) }

        guard case .unreadableFile(let path, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(path == folder.file("missing").path)
    }

    @Test func aFolderIsNotARegularFile() throws {
        let folder = try TemporaryDirectory()

        let error = #expect(throws: HTTPBodyError.self) { try HTTPBody(contentsOf: folder.url) }

        guard case .notARegularFile = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(HTTPBodyError.alreadyRead.description.contains("already read"))
        #expect(HTTPBodyError.lengthMismatch(expected: 3, received: 4).description.contains("3 bytes"))
        #expect(HTTPBodyError.tooLarge(limit: 9).description.contains("9 bytes"))
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// A file body checks its file's size and modification date when it opens the file and before its last chunk,
/// so a file that changes while it is sent fails the transfer instead of sending torn or extra bytes.
struct HTTPBodyFileChangeTests {
    @Test func aFileThatGrowsWhileItIsReadThrowsBeforeItsLastChunk() async throws {
        let (folder, body) = try makeBody(size: 150_000)
        let file = folder.file("changing.bin")
        var iterator = body.makeAsyncIterator()
        let first = try #require(try await iterator.next())
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 1, count: 10))
        try handle.close()

        let second = try #require(try await iterator.next())
        await expectFileChanged(file) { _ = try await iterator.next() }
        #expect(first.count + second.count < 150_000, "the last chunk is never yielded")
    }

    @Test func aFileRewrittenInPlaceAtTheSameSizeThrows() async throws {
        let (folder, body) = try makeBody(size: 150_000)
        let file = folder.file("changing.bin")
        var iterator = body.makeAsyncIterator()
        _ = try await iterator.next()
        let modified = try #require(try attributes(of: file)[.modificationDate] as? Date)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(repeating: 2, count: 150_000))
        try handle.close()
        // A rewrite within one tick of the file system's clock keeps the date; move it as a later tick would.
        try FileManager.default.setAttributes(
            [.modificationDate: modified.addingTimeInterval(2)], ofItemAtPath: file.path)

        await expectFileChanged(file) {
            while try await iterator.next() != nil {}
        }
    }

    @Test func aFileThatShrinksWhileItIsReadThrows() async throws {
        let (folder, body) = try makeBody(size: 150_000)
        let file = folder.file("changing.bin")
        var iterator = body.makeAsyncIterator()
        _ = try await iterator.next()
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 70_000)
        try handle.close()

        await expectFileChanged(file) {
            while try await iterator.next() != nil {}
        }
    }

    @Test func anUnchangedFileIsReadWholeAgainAndAgain() async throws {
        let (folder, body) = try makeBody(size: 150_000)

        let bytes = try Data(contentsOf: folder.file("changing.bin"))

        #expect(try await body.collect(upTo: 150_000) == bytes)
        #expect(try await body.collect(upTo: 150_000) == bytes)
    }

    @Test func aChangedFileFailsAConcatenatedBodyBeforeItsLastPart() async throws {
        let (folder, fileBody) = try makeBody(size: 150_000)
        let file = folder.file("changing.bin")
        let closing = Data("--closing--".utf8)
        var iterator = HTTPBody(concatenating: [HTTPBody(Data("head".utf8)), fileBody, HTTPBody(closing)])
            .makeAsyncIterator()
        var sent = Data()
        sent.append(try #require(try await iterator.next()))
        sent.append(try #require(try await iterator.next()))
        try Data(repeating: 3, count: 150_001).write(to: file)

        await expectFileChanged(file) {
            while let chunk = try await iterator.next() { sent.append(chunk) }
        }
        #expect(sent.range(of: closing) == nil)
    }

    /// A folder holding `changing.bin` of `size` bytes, and a body reading it.
    private func makeBody(size: Int) throws -> (TemporaryDirectory, HTTPBody) {
        let folder = try TemporaryDirectory()
        let file = folder.file("changing.bin")
        try Data(repeating: 0, count: size).write(to: file)
        return (folder, try HTTPBody(contentsOf: file))
    }

    private func expectFileChanged(
        _ file: URL, sourceLocation: SourceLocation = #_sourceLocation, _ read: () async throws -> Void
    ) async {
        let error = await #expect(throws: HTTPBodyError.self, sourceLocation: sourceLocation) { try await read() }
        guard case .fileChanged(let path) = error else {
            Issue.record("got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(path == file.path, sourceLocation: sourceLocation)
    }

    private func attributes(of file: URL) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: file.path)
    }
}

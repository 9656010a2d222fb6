import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("UploadSource: a file body is sent from its own file")
struct UploadSourceFileTests {
    @Test("a file body is read from its file, with no copy, and removeStagedFile leaves the file alone")
    func direct() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        let source = try TemporaryDirectory(prefix: "urlsession-tests")
        defer {
            scratch.remove()
            source.remove()
        }
        let file = source.url.appendingPathComponent("photo.bin")
        try Data("abcdef".utf8).write(to: file)

        let upload = try await UploadSource.make(
            body: HTTPBody(contentsOf: file), data: nil, directory: scratch.url)

        guard case .file(let url) = upload.content else {
            Issue.record("expected a file, got \(upload.content)")
            return
        }
        #expect(url == file)
        #expect(upload.length == 6)
        #expect(try scratch.contents().isEmpty)
        upload.removeStagedFile()
        #expect(try Data(contentsOf: file) == Data("abcdef".utf8))
    }

    @Test("a file that changed size since the body was made throws lengthMismatch", arguments: ["abc", "abcdefgh"])
    func changedSize(now: String) async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        let source = try TemporaryDirectory(prefix: "urlsession-tests")
        defer {
            scratch.remove()
            source.remove()
        }
        let file = source.url.appendingPathComponent("changes.bin")
        try Data("abcdef".utf8).write(to: file)
        let body = try HTTPBody(contentsOf: file)
        try Data(now.utf8).write(to: file)

        let error = await #expect(throws: HTTPBodyError.self) {
            try await UploadSource.make(body: body, data: nil, directory: scratch.url)
        }

        guard case .lengthMismatch(expected: 6, let received)? = error else {
            Issue.record("expected lengthMismatch(6, _), got \(String(describing: error))")
            return
        }
        #expect(received == Int64(now.utf8.count))
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a file removed since the body was made throws unreadableFile")
    func removed() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        let source = try TemporaryDirectory(prefix: "urlsession-tests")
        defer {
            scratch.remove()
            source.remove()
        }
        let file = source.url.appendingPathComponent("gone.bin")
        try Data("abc".utf8).write(to: file)
        let body = try HTTPBody(contentsOf: file)
        try FileManager.default.removeItem(at: file)

        let error = await #expect(throws: HTTPBodyError.self) {
            try await UploadSource.make(body: body, data: nil, directory: scratch.url)
        }

        guard case .unreadableFile(let path, _)? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
    }

    @Test("an empty file sends nothing")
    func empty() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let file = scratch.url.appendingPathComponent("empty.bin")
        try Data().write(to: file)

        let upload = try await UploadSource.make(body: HTTPBody(contentsOf: file), data: nil, directory: scratch.url)

        #expect(!upload.content.sendsBytes)
        #expect(upload.length == 0)
    }
}

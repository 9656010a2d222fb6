#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    import HTTPClient
    import HTTPClientSupport
    import HTTPClientTestSupport
    import Testing

    @testable import URLSessionInfrastructure

    @Suite("FileBodyStream: a file upload's body on Linux")
    struct FileBodyStreamTests {
        @Test("it gives the first length bytes of a longer file and then has none")
        func firstBytes() throws {
            try withFile("abcdefgh") { file in
                let failure = LockedValue<HTTPBodyError?>(nil)
                let sut = FileBodyStream(file: file, length: 5, failure: failure)

                sut.open()
                let read = readAll(sut, chunk: 2)

                #expect(read == Data("abcde".utf8))
                #expect(!sut.hasBytesAvailable)
                #expect(failure.withLock { $0 } == nil)
                sut.close()
                #expect(sut.streamStatus == .closed)
            }
        }

        @Test("a file shorter than length fails the read after its bytes, with fileChanged")
        func shortFile() throws {
            try withFile("abc") { file in
                let failure = LockedValue<HTTPBodyError?>(nil)
                let sut = FileBodyStream(file: file, length: 5, failure: failure)

                sut.open()
                let read = readAll(sut, chunk: 8)

                #expect(read == Data("abc".utf8))
                #expect(sut.streamStatus == .error)
                #expect(sut.hasBytesAvailable)
                guard case .fileChanged(let path)? = failure.withLock({ $0 }) else {
                    Issue.record("expected fileChanged, got \(String(describing: failure.withLock { $0 }))")
                    return
                }
                #expect(path == file.path)
                #expect(sut.streamError != nil)
            }
        }

        @Test("a file that cannot be opened fails with unreadableFile, and the reader's read reports it")
        func missingFile() throws {
            let directory = try TemporaryDirectory(prefix: "urlsession-tests")
            defer { directory.remove() }
            let file = directory.url.appendingPathComponent("missing.bin")
            let failure = LockedValue<HTTPBodyError?>(nil)
            let sut = FileBodyStream(file: file, length: 5, failure: failure)

            sut.open()

            #expect(sut.streamStatus == .error)
            #expect(sut.hasBytesAvailable)
            var byte: UInt8 = 0
            #expect(sut.read(&byte, maxLength: 1) == -1)
            guard case .unreadableFile(let path, _)? = failure.withLock({ $0 }) else {
                Issue.record("expected unreadableFile, got \(String(describing: failure.withLock { $0 }))")
                return
            }
            #expect(path == file.path)
        }

        @Test("the request sends the stream with the file's Content-Length and turns libcurl's chunks off")
        func request() throws {
            var original = URLRequest(url: try #require(URL(string: "http://127.0.0.1/upload")))
            original.httpMethod = "PUT"

            let sent = original.sendingFile(
                URL(fileURLWithPath: "/nonexistent/body.bin"), length: 42, failure: LockedValue(nil))

            #expect(sent.httpBodyStream is FileBodyStream)
            #expect(sent.httpBody == nil)
            #expect(sent.value(forHTTPHeaderField: "Content-Length") == "42")
            #expect(sent.value(forHTTPHeaderField: "Transfer-Encoding") == " ")
            #expect(sent.value(forHTTPHeaderField: "Content-Type") == " ")
            #expect(sent.httpMethod == "PUT")
        }

        @Test("the request keeps the caller's Content-Type")
        func callersContentType() throws {
            var original = URLRequest(url: try #require(URL(string: "http://127.0.0.1/upload")))
            original.setValue("image/png", forHTTPHeaderField: "Content-Type")

            let sent = original.sendingFile(
                URL(fileURLWithPath: "/nonexistent/body.bin"), length: 42, failure: LockedValue(nil))

            #expect(sent.value(forHTTPHeaderField: "Content-Type") == "image/png")
        }

        /// Runs `body` with a file holding `text`, removed afterwards.
        private func withFile(_ text: String, _ body: (URL) throws -> Void) throws {
            let directory = try TemporaryDirectory(prefix: "urlsession-tests")
            defer { directory.remove() }
            let file = directory.url.appendingPathComponent("body.bin")
            try Data(text.utf8).write(to: file)
            try body(file)
        }

        /// Reads `stream` `chunk` bytes at a time while it has bytes, until a read fails.
        private func readAll(_ stream: InputStream, chunk: Int) -> Data {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: chunk)
            while stream.hasBytesAvailable {
                let count = stream.read(&buffer, maxLength: chunk)
                guard count > 0 else { break }
                data.append(contentsOf: buffer[..<count])
            }
            return data
        }
    }
#endif

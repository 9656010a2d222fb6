import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HTTPBodyFileURLTests {
    @Test func aFileBodyNamesTheFileItReads() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("photo.bin")
        try Data("abc".utf8).write(to: file)

        let body = try HTTPBody(contentsOf: file)

        #expect(body.fileURL == file)
    }

    @Test func everyOtherBodyHasNoFile() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("part.bin")
        try Data("abc".utf8).write(to: file)
        let concatenated = HTTPBody(concatenating: [try HTTPBody(contentsOf: file)])

        #expect(HTTPBody(Data("abc".utf8)).fileURL == nil)
        #expect(HTTPBody(singlePass([Data("abc".utf8)]), length: .known(3)).fileURL == nil)
        #expect(concatenated.fileURL == nil)
    }

    @Test func onlyADataBodyHandsOverItsBytes() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("part.bin")
        try Data("abc".utf8).write(to: file)

        #expect(HTTPBody(Data("abc".utf8)).data == Data("abc".utf8))
        #expect(try HTTPBody(contentsOf: file).data == nil)
        #expect(HTTPBody(singlePass([Data("abc".utf8)]), length: .known(3)).data == nil)
    }
}

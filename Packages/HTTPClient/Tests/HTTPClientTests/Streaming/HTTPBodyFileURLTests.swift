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
        var form = MultipartForm()
        try form.append(name: "file", fileURL: file, filename: "part.bin")

        #expect(HTTPBody(Data("abc".utf8)).fileURL == nil)
        #expect(HTTPBody(singlePass([Data("abc".utf8)]), length: .known(3)).fileURL == nil)
        #expect(form.makeBody().fileURL == nil)
    }
}

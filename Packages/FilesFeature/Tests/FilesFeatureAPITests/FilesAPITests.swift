import FilesFeatureAPI
import Foundation
import HTTPClient
import Testing

@Suite struct FilesAPITests {
    @Test func listIsAGetOfTheFilesAskingForJSON() {
        let request = HTTPRequestSnapshot(FilesAPI.list)

        #expect(request.method == .get)
        #expect(request.version == "v1")
        #expect(request.path == "files")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.queryParameter == nil)
        #expect(request.body == nil)
    }

    @Test func fileIsAGetOfTheNamedFile() {
        let request = HTTPRequestSnapshot(FilesAPI.file(name: "a b.txt"))

        #expect(request.method == .get)
        #expect(request.version == "v1")
        #expect(request.path == "files/a b.txt")
        #expect(request.headers == nil)
    }

    @Test func uploadIsAPostWithTheFormsContentType() {
        let request = HTTPRequestSnapshot(FilesAPI.upload(contentType: "multipart/form-data; boundary=b"))

        #expect(request.method == .post)
        #expect(request.path == "files")
        #expect(request.headers == ["Accept": "application/json", "Content-Type": "multipart/form-data; boundary=b"])
        #expect(request.body == nil)
        #expect(!request.isSafeToRepeat)
    }

    @Test func deleteIsADeleteOfTheNamedFile() {
        let request = HTTPRequestSnapshot(FilesAPI.delete(name: "old"))

        #expect(request.method == .delete)
        #expect(request.path == "files/old")
        #expect(request.headers == ["Accept": "application/json"])
    }

    @Test func theNameIsOnePercentEncodedSegment() throws {
        let urls = HTTPURLBuilder(baseURL: try #require(URL(string: "http://127.0.0.1:3000")))

        let url = try urls.url(for: FilesAPI.file(name: "a?b#c%d ✓"))

        #expect(url.absoluteString == "http://127.0.0.1:3000/v1/files/a%3Fb%23c%25d%20%E2%9C%93")
    }
}

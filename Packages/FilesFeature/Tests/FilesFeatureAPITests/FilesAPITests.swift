import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPClientTestSupport
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

    @Test func eachEndpointStatesItsPathWithTheFileNameAsAPlaceholder() {
        #expect(FilesAPI.list.urlTemplate == "/v1/files")
        #expect(FilesAPI.upload(contentType: "multipart/form-data").urlTemplate == "/v1/files")
        #expect(FilesAPI.file(name: "secret report.pdf").urlTemplate == "/v1/files/{name}")
        #expect(FilesAPI.delete(name: "a").urlTemplate == "/v1/files/{name}")
        #expect(FilesAPI.uploadOptions.urlTemplate == "/v1/tus/")
        #expect(FilesAPI.resumableUpload(.tus).urlTemplate == "/v1/tus/")
        #expect(FilesAPI.resumableUpload(.draft).urlTemplate == "/v1/uploads")
    }

    @Test func theNameIsTheLastPathSegmentAsGiven() {
        let request = HTTPRequestSnapshot(FilesAPI.file(name: "a?b#c%d ✓"))

        #expect(request.path == "files/a?b#c%25d ✓")
    }

    @Test(arguments: [
        ("../token", "files/..%2Ftoken"), ("..", "files/.."), ("a/b", "files/a%2Fb"), ("%2F", "files/%252F"),
    ])
    func everyNameIsOneSegment(name: String, path: String) {
        #expect(HTTPRequestSnapshot(FilesAPI.file(name: name)).path == path)
        #expect(HTTPRequestSnapshot(FilesAPI.delete(name: name)).path == path)
    }
}

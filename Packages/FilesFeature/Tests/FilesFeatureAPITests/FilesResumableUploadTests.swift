import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// The resumable upload endpoints and the mappers of their answers.
@Suite struct FilesResumableUploadTests {
    @Test func uploadOptionsIsAnOptionsOfTheTusEndpoint() {
        let request = HTTPRequestSnapshot(FilesAPI.uploadOptions)

        #expect(request.method == .options)
        #expect(request.version == "v1")
        #expect(request.path == "tus/")
        #expect(request.headers == nil)
    }

    @Test func resumableUploadsPostToEachProtocolsEndpoint() {
        let draft = HTTPRequestSnapshot(FilesAPI.resumableUpload(.draft))
        let tus = HTTPRequestSnapshot(FilesAPI.resumableUpload(.tus))

        #expect(draft.method == .post && draft.version == "v1" && draft.path == "uploads")
        #expect(tus.method == .post && tus.version == "v1" && tus.path == "tus/")
        #expect(draft.headers == ["Accept": "application/json"])
    }

    @Test func tusIsOfferedWhenTheAnswerNamesVersionOneAndCreation() throws {
        let headers: HTTPHeaders = ["Tus-Version": "1.0.0, 0.2.2", "Tus-Extension": "termination, creation"]

        #expect(
            try FilesUploadOptionsMapper.map(data: Data(), response: HTTPResponse(statusCode: 204, headers: headers))
                == [.tus])
    }

    @Test(arguments: [
        HTTPResponse(statusCode: 204, headers: ["Tus-Version": "0.2.2", "Tus-Extension": "creation"]),
        HTTPResponse(statusCode: 204, headers: ["Tus-Version": "1.0.0", "Tus-Extension": "termination"]),
        HTTPResponse(statusCode: 200), HTTPResponse(statusCode: 404), HTTPResponse(statusCode: 405),
        HTTPResponse(statusCode: 501),
    ])
    func nothingIsOfferedWithoutTheTusFieldsOrTheEndpoint(response: HTTPResponse) throws {
        #expect(try FilesUploadOptionsMapper.map(data: Data(), response: response).isEmpty)
    }

    @Test func anotherErrorStatusIsAnError() {
        let body = Data(#"{"error": "down"}"#.utf8)

        #expect(throws: FilesUploadMapper.Error.unexpectedStatus(503, serverMessage: "down")) {
            try FilesUploadOptionsMapper.map(data: body, response: HTTPResponse(statusCode: 503))
        }
    }

    @Test func aCompletingAnswerWithTheFilesObjectNamesTheStoredFile() throws {
        let body = Data(#"{"files": [{"name": "a.bin", "size": 3, "sha256": "ab"}]}"#.utf8)

        #expect(
            try FilesResumableUploadMapper.map(data: body, response: HTTPResponse(statusCode: 200))
                == RemoteFile(name: "a.bin", size: 3, sha256: "ab"))
    }

    @Test func anEmptyCompletingAnswerLeavesItToTheListing() throws {
        #expect(try FilesResumableUploadMapper.map(data: Data(), response: HTTPResponse(statusCode: 204)) == nil)
    }

    @Test func aCompletingAnswerWithoutAFileIsUnusable() {
        #expect(throws: FilesUploadMapper.Error.invalidJSON(reason: "no stored file")) {
            try FilesResumableUploadMapper.map(
                data: Data(#"{"files": []}"#.utf8), response: HTTPResponse(statusCode: 200))
        }
    }

    @Test func namesAreCheckedWithoutOpeningTheFiles() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID())/a.bin")

        try FilesUploadForm.checkNames([missing])
        #expect(throws: FilesUploadForm.Error.duplicateName("a.bin")) {
            try FilesUploadForm.checkNames([missing, URL(fileURLWithPath: "/elsewhere/a.bin")])
        }
        #expect(throws: FilesUploadForm.Error.unstorableName(".env", reason: .startsWithDot)) {
            try FilesUploadForm.checkNames([URL(fileURLWithPath: "/x/.env")])
        }
        #expect(throws: FilesUploadForm.Error.noFiles) { try FilesUploadForm.checkNames([]) }
    }
}

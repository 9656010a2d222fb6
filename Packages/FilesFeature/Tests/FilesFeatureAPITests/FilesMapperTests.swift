import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import Testing

@Suite struct FilesMapperTests {
    private let listing = Data(
        #"{"files": [{"name": "a", "size": 3, "sha256": "ab", "extra": 1}, {"name": "b ✓", "size": 0, "sha256": "cd"}]}"#
            .utf8)
    private let expected = [
        RemoteFile(name: "a", size: 3, sha256: "ab"), RemoteFile(name: "b ✓", size: 0, sha256: "cd"),
    ]

    @Test func listAndUploadMapTheFilesObject() throws {
        #expect(try FilesListMapper.map(data: listing, response: HTTPResponse(statusCode: 200)) == expected)
        #expect(try FilesUploadMapper.map(data: listing, response: HTTPResponse(statusCode: 201)) == expected)
    }

    @Test func sizesBeyond32BitsSurvive() throws {
        let body = Data(#"{"files": [{"name": "big", "size": 2147483648000, "sha256": "ee"}]}"#.utf8)

        #expect(
            try FilesListMapper.map(data: body, response: HTTPResponse(statusCode: 200)).first?.size
                == 2_147_483_648_000)
    }

    @Test(arguments: [400, 401, 404, 500])
    func failuresCarryTheStatusAndTheServersMessage(status: Int) {
        let body = Data(#"{"error": "bad multipart form: no closing boundary"}"#.utf8)
        let response = HTTPResponse(statusCode: status)
        let message = "bad multipart form: no closing boundary"

        #expect(throws: FilesListMapper.Error.unexpectedStatus(status, serverMessage: message)) {
            try FilesListMapper.map(data: body, response: response)
        }
        #expect(throws: FilesUploadMapper.Error.unexpectedStatus(status, serverMessage: message)) {
            try FilesUploadMapper.map(data: body, response: response)
        }
        #expect(throws: FilesDeleteMapper.Error.unexpectedStatus(status, serverMessage: message)) {
            try FilesDeleteMapper.map(data: body, response: response)
        }
    }

    @Test func aPlainTextBodyGivesItsFirstLineAndABinaryOneNothing() {
        #expect(throws: FilesDeleteMapper.Error.unexpectedStatus(401, serverMessage: "access token expired")) {
            try FilesDeleteMapper.map(
                data: Data("access token expired\nmore".utf8), response: HTTPResponse(statusCode: 401))
        }
        #expect(throws: FilesDeleteMapper.Error.unexpectedStatus(500, serverMessage: nil)) {
            try FilesDeleteMapper.map(data: Data([0xFF, 0xFE]), response: HTTPResponse(statusCode: 500))
        }
    }

    @Test(arguments: [
        "", "[]", #"{"files": [{"name": "a", "size": "3", "sha256": "ab"}]}"#, #"{"files": [{"name": "a"}]}"#,
    ])
    func aBodyThatIsNotTheFilesObjectIsInvalidJSON(body: String) {
        let error = #expect(throws: FilesListMapper.Error.self) {
            try FilesListMapper.map(data: Data(body.utf8), response: HTTPResponse(statusCode: 200))
        }
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func deleteSucceedsForAny2xx() throws {
        try FilesDeleteMapper.map(data: Data(), response: HTTPResponse(statusCode: 204))
        try FilesDeleteMapper.map(data: Data("ok".utf8), response: HTTPResponse(statusCode: 200))
    }

    @Test func downloadErrorsMapHTTPCodesAndPassTheRestThrough() {
        let mapped = FilesDownloadMapper.map(
            HTTPError.httpCode(statusCode: 404, data: Data(#"{"error":"no file named 'x'"}"#.utf8)))
        #expect(mapped as? FilesDownloadMapper.Error == .unexpectedStatus(404, serverMessage: "no file named 'x'"))

        let other = FilesDownloadMapper.map(CancellationError())
        #expect(other is CancellationError)
    }

    @Test func errorsReadWellAndSuggestWhatToDo() {
        let error = FilesDeleteMapper.Error.unexpectedStatus(404, serverMessage: "no file named 'x'")

        #expect(error.localizedDescription == "The server has no such file (HTTP 404: no file named 'x').")
        #expect(error.recoverySuggestion == "List the files to see which names exist.")
        #expect(
            FilesUploadMapper.Error.unexpectedStatus(400, serverMessage: nil).description
                == "The files server refused to store the upload: the request is invalid (HTTP 400).")
    }
}

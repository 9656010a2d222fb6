import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@Suite struct FilesMapperTests {
    @Test func mapsAJSONArray() throws {
        let body = Data(#"[{"id": 1, "name": "One"}, {"id": 2, "name": "Two", "extra": true}]"#.utf8)

        let items = try FilesMapper.map(data: body, response: HTTPResponse(statusCode: 200))

        #expect(items == [File(id: 1, name: "One"), File(id: 2, name: "Two")])
    }

    @Test(arguments: [199, 301, 404, 500])
    func failsWithTheStatusOutside2xx(status: Int) {
        #expect(throws: FilesMapper.Error.unexpectedStatus(status)) {
            try FilesMapper.map(data: Data("[]".utf8), response: HTTPResponse(statusCode: status))
        }
    }

    @Test(arguments: ["", "{}", #"[{"id": "1", "name": "One"}]"#, #"[{"id": 1}]"#])
    func failsOnABodyThatIsNotTheExpectedJSON(body: String) {
        let error = #expect(throws: FilesMapper.Error.self) {
            try FilesMapper.map(data: Data(body.utf8), response: HTTPResponse(statusCode: 200))
        }
        guard case .invalidJSON(let reason)? = error else {
            Issue.record("expected invalidJSON, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test func endpointAndMapperLoadTheItemsThroughAClient() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: #"[{"id": 3, "name": "Three"}]"#)])

        let (data, response) = try await client.load(request: FilesAPI.list)
        let items = try FilesMapper.map(data: data, response: response)

        #expect(items == [File(id: 3, name: "Three")])
        #expect(await client.requests == [HTTPRequestSnapshot(FilesAPI.list)])
    }
}

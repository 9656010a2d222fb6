import FilesFeatureAPI
import HTTPClient
import Testing

@Suite struct FilesAPITests {
    @Test func listIsAGetOfTheVersionedPathAskingForJSON() {
        let request = HTTPRequestSnapshot(FilesAPI.list)

        #expect(request.method == .get)
        #expect(request.version == "v1")
        #expect(request.path == "files")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.queryParameter == nil)
        #expect(request.body == nil)
    }
}

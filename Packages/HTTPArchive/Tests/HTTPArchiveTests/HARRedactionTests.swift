import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HARRedactionTests {
    @Test(arguments: ["Authorization", "proxy-authorization", "COOKIE"])
    func replacesSecretRequestHeaderValuesAndKeepsTheField(name: String) async throws {
        let entry = try await record(TestRequest(headers: [name: "Bearer s3cret", "Accept": "text/plain"]))

        #expect(value(name, in: entry.request.headers) == "[redacted]")
        #expect(value("Accept", in: entry.request.headers) == "text/plain")
    }

    @Test func replacesSecretResponseHeaderValues() async throws {
        let entry = try await record(
            TestRequest(), reply: .status(200, headers: ["Set-Cookie": "session=abc", "ETag": "\"1\""]))

        #expect(value("Set-Cookie", in: entry.response.headers) == "[redacted]")
        #expect(value("ETag", in: entry.response.headers) == "\"1\"")
    }

    @Test func replacesSecretQueryItemsInTheQueryStringAndTheURL() async throws {
        let entry = try await record(TestRequest(queryParameter: ["access_token": "s3cret", "page": "2"]))

        #expect(value("access_token", in: entry.request.queryString) == "[redacted]")
        #expect(value("page", in: entry.request.queryString) == "2")
        #expect(entry.request.url.hasSuffix("?access_token=%5Bredacted%5D&page=2"))
        #expect(!entry.request.url.contains("s3cret"))
    }

    @Test func replacesSecretJSONFieldsAtAnyDepthInRequestBodies() async throws {
        let body = #"{"user":{"name":"zoe","password":"hunter2","keys":[{"client_secret":"x"}]}}"#

        let entry = try await record(TestRequest(method: .post, body: Data(body.utf8)))

        let text = try #require(entry.request.postData?.text)
        #expect(
            text == #"{"user":{"keys":[{"client_secret":"[redacted]"}],"name":"zoe","password":"[redacted]"}}"#)
    }

    @Test func replacesSecretJSONFieldsInResponseBodies() async throws {
        let body = #"{"access_token":"abc","token_type":"Bearer","nested":[{"refresh_token":{"v":1}}]}"#

        let entry = try await record(TestRequest(), reply: .status(200, body: body))

        #expect(
            entry.response.content.text
                == #"{"access_token":"[redacted]","nested":[{"refresh_token":"[redacted]"}],"token_type":"Bearer"}"#)
    }

    @Test func leavesBodiesWithoutSecretsExactlyAsTheyCame() async throws {
        let body = "{ \"b\": 1,\n  \"a\": [true, null] }"

        let entry = try await record(TestRequest(), reply: .status(200, body: body))

        #expect(entry.response.content.text == body)
    }

    @Test func usesTheCallersNamesCaseInsensitively() async throws {
        let recorder = HARRecorder(redacting: ["X-Api-Key", "pin"])
        let client = ScriptedHTTPClient(replies: [.status(200, body: #"{"PIN":"1234","Authorization":"kept"}"#)])
        let sut = client.recording(to: recorder, baseURL: try url("http://h"))

        try await sut.load(request: TestRequest(headers: ["x-api-key": "k", "Authorization": "kept"]))

        let entry = try onlyEntry(of: recorder)
        #expect(value("x-api-key", in: entry.request.headers) == "[redacted]")
        #expect(value("Authorization", in: entry.request.headers) == "kept")
        #expect(entry.response.content.text == #"{"Authorization":"kept","PIN":"[redacted]"}"#)
    }

    @Test func defaultNamesAreTheUsualCredentials() {
        #expect(
            HARRecorder.defaultRedactedNames == [
                "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "access_token", "refresh_token",
                "id_token", "client_secret", "password",
            ])
    }

    private func record(_ request: TestRequest, reply: Reply = .status(200)) async throws -> HAREntry {
        let recorder = HARRecorder()
        let client = ScriptedHTTPClient(replies: [reply])
        try await client.recording(to: recorder, baseURL: try url("http://h")).load(request: request)
        return try onlyEntry(of: recorder)
    }
}

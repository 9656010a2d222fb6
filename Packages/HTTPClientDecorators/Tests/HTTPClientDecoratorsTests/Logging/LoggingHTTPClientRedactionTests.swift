import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LoggingHTTPClientRedactionTests {
    private static let secrets = [
        "s3cr3t-auth", "s3cr3t-proxy", "s3cr3t-cookie", "s3cr3t-set-cookie",
        "s3cr3t-custom", "s3cr3t-query", "s3cr3t-json", "s3cr3t-form", "s3cr3t-nested", "s3cr3t-error",
    ]

    @Test func noSecretSurvivesInAnyLine() async throws {
        let client = ScriptedHTTPClient(replies: [
            .status(
                200, body: #"{"access_token":"s3cr3t-json","user":{"password":"s3cr3t-nested"},"ok":true}"#,
                headers: ["Set-Cookie": "session=s3cr3t-set-cookie", "Content-Type": "application/json"]),
            .status(
                401, body: "refresh_token=s3cr3t-form&keep=1",
                headers: ["Content-Type": "application/x-www-form-urlencoded"]),
            .failure(AnyError(name: "plain failure")),
        ])
        let log = RecordedValues<String>()
        let sut = client.handlingErrors()
            .loggingRequestAndResponse(redacting: ["X-Api-Key", "api_key"]) { log.append($0) }
        let request = TestRequest(
            method: .post,
            headers: [
                "authorization": "Bearer s3cr3t-auth", "Proxy-Authorization": "Basic s3cr3t-proxy",
                "COOKIE": "a=s3cr3t-cookie", "x-api-key": "s3cr3t-custom",
                "Content-Type": "application/x-www-form-urlencoded",
            ],
            queryParameter: ["API_KEY": "s3cr3t-query", "page": "2"],
            body: Data("grant_type=refresh_token&refresh_token=s3cr3t-form&client_secret=s3cr3t-form".utf8))

        try await sut.load(request: request)
        await #expect(throws: HTTPError.self) { try await sut.load(request: request) }
        await #expect(throws: AnyError.self) { try await sut.load(request: request) }

        let lines = log.values.flatMap { $0.components(separatedBy: "\n") }
        for secret in Self.secrets {
            #expect(!lines.contains { $0.contains(secret) }, "\(secret) leaked")
        }
        #expect(lines.contains("    - authorization: <redacted>"))
        #expect(lines.contains("    - Set-Cookie: <redacted>"))
        #expect(lines.contains("    - x-api-key: <redacted>"))
        #expect(lines.contains("    - API_KEY: <redacted>"))
        #expect(lines.contains("    - page: 2"))
        #expect(lines.contains("grant_type=refresh_token&refresh_token=<redacted>&client_secret=<redacted>"))
        #expect(lines.contains { $0.contains(#""ok" : true"#) || $0.contains(#""ok": true"#) })
    }

    @Test func presignedURLSignaturesNeverReachTheLog() async throws {
        let presigned =
            "https://b.s3.amazonaws.com/f?X-Amz-Credential=s3cr3t-credential&X-Amz-Security-Token=s3cr3t-token"
            + "&X-Amz-Signature=s3cr3t-signature&X-Amz-Expires=900"
        let client = ScriptedHTTPClient(replies: [.status(302, body: "", headers: ["Location": presigned])])
        let log = RecordedValues<String>()
        let sut = client.loggingRequestAndResponse { log.append($0) }
        let request = TestRequest(
            queryParameter: ["X-Goog-Signature": "s3cr3t-goog", "sig": "s3cr3t-sas", "Signature": "s3cr3t-v2"])

        try await sut.load(request: request)

        let entry = try #require(log.values.first)
        for secret in [
            "s3cr3t-credential", "s3cr3t-token", "s3cr3t-signature", "s3cr3t-goog", "s3cr3t-sas", "s3cr3t-v2",
        ] {
            #expect(!entry.contains(secret), "\(secret) leaked")
        }
        #expect(entry.contains("X-Amz-Signature=[redacted]&X-Amz-Expires=900"), "\(entry)")
        #expect(entry.contains("    - sig: <redacted>"))
    }

    @Test func redactsTheBodyOfAThrownHTTPErrorToo() async throws {
        let client = ScriptedHTTPClient(replies: [.status(400, body: #"{"password":"s3cr3t-error"}"#)])
        let log = RecordedValues<String>()
        let sut = client.handlingErrors().loggingRequestAndResponse { log.append($0) }

        await #expect(throws: HTTPError.self) { try await sut.load(request: TestRequest()) }

        let entry = try #require(log.values.first)
        #expect(entry.contains("Error: HTTP status 400"))
        #expect(!entry.contains("s3cr3t-error"))
    }

    @Test func defaultsCoverCredentialsAndCookies() {
        let defaults = Set(LoggingHTTPClient.defaultRedactedNames.map { $0.lowercased() })

        #expect(defaults.isSuperset(of: ["authorization", "proxy-authorization", "cookie", "set-cookie"]))
    }
}

struct LoggingHTTPClientURLCredentialsTests {
    @Test func aURLInAnErrorPrintsWithoutItsUserNameAndPassword() async throws {
        let client = ScriptedHTTPClient(replies: [
            .failure(
                HTTPTransportError.cannotConnect(
                    underlying: TestFailure("refused by http://user:pw@127.0.0.1:1/v1/items"))),
            .failure(HTTPTransportError.invalidURL("http://user:pw@127.0.0.1:1/v1/%")),
        ])
        let log = RecordedValues<String>()
        let sut = client.loggingRequestAndResponse { log.append($0) }

        for _ in 0..<2 {
            await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        }

        let errorLines = log.values.flatMap { $0.components(separatedBy: "\n") }.filter { $0.hasPrefix("Error: ") }
        #expect(
            errorLines == [
                "Error: Could not connect to the server (refused by http://[redacted]@127.0.0.1:1/v1/items)",
                "Error: Invalid URL: http://[redacted]@127.0.0.1:1/v1/%",
            ])
        #expect(!log.values.joined().contains("pw"))
    }
}

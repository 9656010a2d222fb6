import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct ContentTypeValidatingHTTPClientTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("application/json", "application/json; charset=utf-8"),
        ("Application/JSON", "application/json;charset=UTF-8"),
        ("application/json;q=0.9", "APPLICATION/json"),
        ("text/html, application/json", "application/json"),
        ("image/*", "image/png"),
        ("*/*", "anything/at-all"),
        ("*", "text/plain"),
        ("text/*;q=0.5, text/html;q=0", "text/plain"),
        ("application/xml, */*;q=0.1", "text/plain"),
    ])
    func acceptsAMatchingContentType(_ accept: String, _ contentType: String) async throws {
        let sut = makeSUT(.status(200, body: "x", headers: ["Content-Type": contentType]))

        let (data, _) = try await sut.load(request: TestRequest(headers: ["Accept": accept]))

        #expect(data == Data("x".utf8))
    }

    @Test(arguments: [
        ("application/json", "text/html; charset=utf-8"),
        ("image/*", "text/plain"),
        ("application/json", "application/problem+json"),
        ("text/*, text/html;q=0", "text/html"),
        ("application/json;q=0", "application/json"),
        ("*/*;q=0, application/xml", "application/json"),
        ("application/json", "json"),
    ])
    func rejectsAContentTypeNoRangeAccepts(_ accept: String, _ contentType: String) async throws {
        let sut = makeSUT(.status(200, body: "<html>", headers: ["Content-Type": contentType]))

        await #expect(
            throws: ContentTypeValidationError.unacceptableContentType(received: contentType, accepted: accept)
        ) { try await sut.load(request: TestRequest(headers: ["Accept": accept])) }
    }

    @Test func theErrorNamesBothTypes() {
        let error = ContentTypeValidationError.unacceptableContentType(
            received: "text/html", accepted: "application/json")
        let missing = ContentTypeValidationError.unacceptableContentType(received: nil, accepted: "application/json")

        #expect(error.description.contains("text/html") && error.description.contains("application/json"))
        #expect(missing.description.contains("no Content-Type") && missing.description.contains("application/json"))
    }

    @Test func rejectsABodyWithoutContentType() async throws {
        let sut = makeSUT(.status(200, body: "{}"))

        await #expect(
            throws: ContentTypeValidationError.unacceptableContentType(received: nil, accepted: "application/json")
        ) { try await sut.load(request: TestRequest(headers: ["accept": "application/json"])) }
    }

    @Test func acceptsABodyWithoutContentTypeWhenAnythingGoes() async throws {
        let sut = makeSUT(.status(200, body: "{}"))

        try await sut.load(request: TestRequest(headers: ["Accept": "application/json, */*;q=0.1"]))
    }

    @Test(arguments: [Reply.status(204), .status(200), .status(200, headers: ["Content-Type": "text/html"])])
    func acceptsEmptyBodies(_ reply: Reply) async throws {
        let sut = makeSUT(reply)

        try await sut.load(request: TestRequest(headers: ["Accept": "application/json"]))
    }

    @Test(arguments: [301, 404, 500])
    func passesNonSuccessResponsesThroughUntouched(_ code: Int) async throws {
        let sut = makeSUT(.status(code, body: "<html>", headers: ["Content-Type": "text/html"]))

        let (data, response) = try await sut.load(request: TestRequest(headers: ["Accept": "application/json"]))

        #expect(response.statusCode == code && data == Data("<html>".utf8))
    }

    @Test(arguments: [nil, "", " , "] as [String?])
    func skipsRequestsWithoutAUsableAccept(_ accept: String?) async throws {
        let sut = makeSUT(.status(200, body: "<html>", headers: ["Content-Type": "text/html"]))

        try await sut.load(request: TestRequest(headers: accept.map { ["Accept": $0] }))
    }

    @Test func passesErrorsThrough() async {
        let sut = makeSUT(.failure(HTTPTransportError.cancelled))

        let thrown = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest(headers: ["Accept": "application/json"]))
        }
        #expect(thrown?.matches(HTTPTransportError.cancelled) == true)
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient(replies: [.status(200)])
            try await client.validatingContentType().load(request: TestRequest())
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }

    private func makeSUT(_ reply: Reply) -> any HTTPClient {
        ScriptedHTTPClient(replies: [reply]).validatingContentType()
    }
}

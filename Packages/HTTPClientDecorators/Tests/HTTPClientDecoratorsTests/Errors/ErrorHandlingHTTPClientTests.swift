import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct ErrorHandlingHTTPClientTests {
    @Test(arguments: [200, 201, 204, 299])
    func returnsSuccessfulResponses(_ code: Int) async throws {
        let sut = makeSUT(.status(code, body: "body"))

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == code && data == Data("body".utf8))
    }

    @Test(arguments: [100, 199, 300, 304, 400, 401, 404, 429, 500, 503, 599])
    func throwsEveryOtherStatusWithItsBody(_ code: Int) async {
        let sut = makeSUT(.status(code, body: "{\"error\":\"x\"}"))

        await #expect(throws: HTTPError.httpCode(statusCode: code, data: Data("{\"error\":\"x\"}".utf8))) {
            try await sut.load(request: TestRequest())
        }
    }

    @Test func passesTransportErrorsThrough() async {
        let failure = HTTPTransportError.timedOut(underlying: TestFailure("slow"))
        let sut = makeSUT(.failure(failure))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(failure) == true)
    }

    @Test func sendsTheRequestUnchanged() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200)])
        let request = TestRequest(method: .post, headers: ["A": "1"], queryParameter: ["q": "1"], body: Data("b".utf8))

        try await client.handlingErrors().load(request: request)

        #expect(await client.requests == [HTTPRequestSnapshot(request)])
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient(replies: [.status(200)])
            try await client.handlingErrors().load(request: TestRequest())
            return WeakReference(client)
        }

        #expect(try await useAndDrop().object == nil)
    }

    private func makeSUT(_ reply: Reply) -> any HTTPClient {
        ScriptedHTTPClient(replies: [reply]).handlingErrors()
    }
}

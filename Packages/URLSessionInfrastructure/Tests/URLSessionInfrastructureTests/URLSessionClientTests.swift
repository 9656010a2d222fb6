import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: requests and responses")
struct URLSessionClientTests {
    @Test("sends the built URL unchanged, with base path, version, encoded path and sorted query")
    func sendsExactURL() async throws {
        let (sut, stub) = makeSUT(.respond(status: 200), basePath: "/api/")
        let request = TestRequest(path: "/a b/é?#/", version: "v1", queryParameter: ["z": "1+1", "a": "x&y=z"])

        try await sut.load(request: request)

        let host = try #require(stub.baseURL.host)
        #expect(stub.requests.map(\.url) == ["http://\(host)/api/v1/a%20b/%C3%A9%3F%23/?a=x%26y%3Dz&z=1%2B1"])
    }

    @Test(
        "sends method, headers and body for every method but GET",
        arguments: HTTPMethod.standard.map(\.rawValue).filter { $0 != "GET" } + ["M-SEARCH", "PROPFIND"])
    func sendsMethodHeadersAndBody(token: String) async throws {
        let method = try #require(HTTPMethod(rawValue: token))
        let (sut, stub) = makeSUT(.respond(status: 200))
        let body = Data("body of \(method.name)".utf8)
        let request = TestRequest(
            method: method, headers: ["X-Request-ID": "42", "Content-Type": "text/plain"], body: body)

        try await sut.load(request: request)

        let sent = try #require(stub.requests.first)
        #expect(sent.method == method.name)
        #expect(sent.headers["X-Request-ID"] == "42")
        #expect(sent.headers["Content-Type"] == "text/plain")
        #expect(sent.body == body)
    }

    @Test("refuses a GET with a body before sending, since URLSession rejects it on every platform")
    func refusesGETWithBody() async throws {
        let (sut, stub) = makeSUT(.respond(status: 200))

        let error = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest(method: .get, body: Data("x".utf8)))
        }

        guard case .other(let underlying) = error else {
            Issue.record("expected other, got \(String(describing: error))")
            return
        }
        #expect(underlying as? URLSessionClient.TransferError == .getWithBody)
        #expect("\(underlying)".contains("cannot send a GET request with a body"))
        #expect(stub.requests.isEmpty)
    }

    @Test("sends a GET with headers and an empty body as a plain GET")
    func sendsGETWithEmptyBody() async throws {
        let (sut, stub) = makeSUT(.respond(status: 200))

        try await sut.load(request: TestRequest(method: .get, headers: ["X-Request-ID": "7"], body: Data()))

        #expect(stub.requests.first?.method == "GET")
        #expect(stub.requests.first?.headers["x-request-id"] == "7")
        #expect(stub.requests.first?.body ?? Data() == Data())
    }

    @Test("sends no body when the request has none")
    func sendsNoBody() async throws {
        let (sut, stub) = makeSUT(.respond(status: 200))

        try await sut.load(request: TestRequest(method: .post))

        #expect(stub.requests.first?.body ?? Data() == Data())
    }

    @Test("returns status, every header and the body", arguments: [200, 201, 204, 304, 404, 500, 503])
    func returnsResponse(status: Int) async throws {
        let headers = ["Content-Type": "application/json", "X-Rate-Limit": "10", "Set-Cookie": "a=1"]
        let body = status == 204 || status == 304 ? Data() : Data(#"{"ok":true}"#.utf8)
        let (sut, _) = makeSUT(.respond(status: status, headers: headers, body: body))

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(response.statusCode == status)
        #expect(data == body)
        #expect(response.headers?["content-type"] == "application/json")
        #expect(response.headers?["X-RATE-LIMIT"] == "10")
        #expect(response.headers?["Set-Cookie"] == "a=1")
    }

    @Test("an empty body is empty data")
    func emptyBody() async throws {
        let (sut, _) = makeSUT(.respond(status: 200))

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(data.isEmpty)
        #expect(response.statusCode == 200)
    }

    @Test("a response that is not HTTP is an invalid response")
    func nonHTTPResponse() async throws {
        let (sut, _) = makeSUT(.respondWithoutHTTP(body: Data("x".utf8)))

        let error = await #expect(throws: HTTPTransportError.self) {
            try await sut.load(request: TestRequest())
        }

        guard case .invalidResponse(let underlying) = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        guard case .notHTTP = underlying as? URLSessionClient.TransferError else {
            Issue.record("expected notHTTP, got \(underlying)")
            return
        }
        #expect("\(underlying)".hasPrefix("expected an HTTP response from "))
    }

    @Test("the client is released after a load")
    func releasedAfterLoad() async throws {
        let stub = StubbedHost(.respond(status: 200))
        var sut: URLSessionClient? = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
        let reference = WeakReference(try #require(sut))

        try await sut?.load(request: TestRequest())
        sut = nil

        #expect(reference.object == nil)
    }

    private func makeSUT(_ behavior: StubbedHost.Behavior, basePath: String = "/") -> (URLSessionClient, StubbedHost) {
        let stub = StubbedHost(behavior, basePath: basePath)
        return (URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session), stub)
    }
}

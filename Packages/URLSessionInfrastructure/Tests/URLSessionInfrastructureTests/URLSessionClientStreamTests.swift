import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionClient: stream")
struct URLSessionClientStreamTests {
    @Test("receive gets the head and a single-pass body whose known length is the Content-Length")
    func headAndBody() async throws {
        let stub = StubbedHost(.respond(status: 201, headers: ["Content-Length": "5"], body: Data("hello".utf8)))
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)

        let (status, length, replayable, data) = try await sut.stream(
            request: TestRequest(), body: nil, progress: nil
        ) { response, body in
            (response.statusCode, body.length, body.isReplayable, try await body.collect(upTo: 100))
        }

        #expect(status == 201)
        #expect(length == .known(5))
        #expect(!replayable)
        #expect(data == Data("hello".utf8))
    }

    @Test("a response that is not HTTP throws invalidResponse")
    func notHTTP() async throws {
        let stub = StubbedHost(.respondWithoutHTTP(body: Data("x".utf8)))
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in 0 }
        }

        #expect(error?.kind == .invalidResponse)
    }

    @Test("cancelling while waiting for the head stops the transfer and throws cancelled")
    func cancelledWhileWaiting() async throws {
        let stub = StubbedHost(.hang)
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
        let stream = Task {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in 0 }
        }
        try await stub.started.wait()

        stream.cancel()

        let error = await #expect(throws: HTTPTransportError.self) { try await stream.value }
        #expect(error?.kind == .cancelled)
        try await stub.stopped.wait()
    }

    @Test("a stream in an already cancelled Task throws cancelled without sending")
    func streamInCancelledTask() async throws {
        let stub = StubbedHost(.respond(status: 200))
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
        let stream = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, _ in 0 }
        }

        let error = await #expect(throws: HTTPTransportError.self) { try await stream.value }

        #expect(error?.kind == .cancelled)
        #expect(stub.requests.isEmpty)
    }

    @Test("a GET with a streamed body throws before sending, as load does")
    func getWithBody() async throws {
        let stub = StubbedHost(.respond(status: 200))
        let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)

        let error = await #expect(throws: HTTPTransportError.self) {
            try await sut.stream(request: TestRequest(), body: HTTPBody(Data("x".utf8)), progress: nil) { _, _ in 0 }
        }

        #expect(error?.matches(.other(underlying: URLSessionClient.TransferError.getWithBody)) == true)
        #expect(stub.requests.isEmpty)
    }

    @Test("stream does not apply maximumResponseBytes; load still does")
    func noSizeLimit() async throws {
        let body = Data(repeating: 7, count: 65)
        let stub = StubbedHost(.respond(status: 200, headers: ["Content-Length": "65"], body: body))
        let sut = try URLSessionClient(
            baseURL: stub.baseURL, configuration: URLProtocolStub.session.configuration, maximumResponseBytes: 64)

        let streamed = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            try await body.collect(upTo: 100)
        }
        let error = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }

        #expect(streamed == body)
        #expect(error?.matches(.responseTooLarge(limit: 64)) == true)
    }

    @Test("the client is released after a stream whose receive returned without reading")
    func releasedAfterStream() async throws {
        let stub = StubbedHost(.respond(status: 200, body: Data(repeating: 1, count: 1000)))
        var sut: URLSessionClient? = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
        let reference = WeakReference(try #require(sut))

        let status = try await sut?.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
            response.statusCode
        }
        sut = nil

        #expect(status == 200)
        #expect(reference.object == nil)
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

@Suite("URLSessionClient: cancellation")
struct URLSessionClientCancellationTests {
    @Test("a load in an already cancelled Task throws cancelled without sending")
    func loadInCancelledTask() async throws {
        let (sut, stub) = makeSUT()
        let load = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.load(request: TestRequest())
        }

        let error = await #expect(throws: HTTPTransportError.self) { try await load.value }

        #expect(error?.kind == .cancelled)
        #expect(stub.requests.isEmpty)
    }

    @Test("cancelling while waiting for the response stops the transfer and throws cancelled")
    func cancelledWhileWaiting() async throws {
        let (sut, stub) = makeSUT()
        let load = Task { try await sut.load(request: TestRequest()) }
        try await stub.started.wait()

        load.cancel()

        let error = await #expect(throws: HTTPTransportError.self) { try await load.value }
        #expect(error?.kind == .cancelled)
        try await stub.stopped.wait()
    }

    private func makeSUT() -> (URLSessionClient, StubbedHost) {
        let stub = StubbedHost(.hang)
        return (URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session), stub)
    }
}

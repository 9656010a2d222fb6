import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers from stubs registered per host, so parallel tests never share one.
///
/// ```swift
/// let stub = StubbedHost(.respond(status: 200, body: Data("ok".utf8)))
/// let client = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
/// ```
final class URLProtocolStub: URLProtocol {
    /// A session whose every request is answered by this protocol.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [URLProtocolStub.self]
        return URLSession(configuration: configuration)
    }()

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let stub = StubRegistry.shared.stub(for: request.url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        stub.record(RecordedRequest(request))
        switch stub.behavior {
        case .respond(let status, let headers, let body):
            guard let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { return }
            finish(with: response, body: body)
        case .respondWithoutHTTP(let body):
            guard let url = request.url else { return }
            let response = URLResponse(
                url: url, mimeType: nil, expectedContentLength: body.count, textEncodingName: nil)
            finish(with: response, body: body)
        case .fail(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .hang:
            break
        case .respondInPieces(let piece, let count):
            guard let url = request.url,
                let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
            else { return }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            for _ in 0..<count { client?.urlProtocol(self, didLoad: piece) }
            stub.didDeliver()
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    override func stopLoading() {
        StubRegistry.shared.stub(for: request.url)?.didStop()
    }

    private func finish(with response: URLResponse, body: Data) {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// The stubs by host; a stub registers itself when created.
final class StubRegistry: Sendable {
    static let shared = StubRegistry()
    private let stubs = LockedValue<[String: StubbedHost]>([:])

    func register(_ stub: StubbedHost, host: String) {
        stubs.withLock { $0[host] = stub }
    }

    func stub(for url: URL?) -> StubbedHost? {
        guard let host = url?.host else { return nil }
        return stubs.withLock { $0[host] }
    }
}

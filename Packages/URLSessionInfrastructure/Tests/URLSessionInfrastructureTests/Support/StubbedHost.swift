import Foundation
import HTTPClient
import HTTPClientTestSupport
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One unique host answered by ``URLProtocolStub``, recording the requests it receives.
final class StubbedHost: Sendable {
    /// How the stub answers.
    enum Behavior: Sendable {
        /// An HTTP response with this status, headers and body.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// A plain `URLResponse` that is not an `HTTPURLResponse`.
        case respondWithoutHTTP(body: Data)
        /// A failure with this URL error code.
        case fail(URLError.Code)
        /// No answer at all, until the task is stopped.
        case hang
        /// An HTTP 200 whose body is `piece` `count` times, each handed to URLSession as it is written, as
        /// fast as URLSession takes them; ``delivered`` opens after the last.
        case respondInPieces(piece: Data, count: Int)
    }

    let behavior: Behavior
    /// `http://<unique host>`, plus `basePath`.
    let baseURL: URL
    /// Opens when the first request arrives.
    let started = Gate()
    /// Opens when URLSession stops loading a request (for example after cancellation).
    let stopped = Gate()
    /// Opens when URLSession has been handed the last piece of a ``Behavior/respondInPieces(piece:count:)`` body.
    let delivered = Gate()
    private let recorded = RecordedValues<RecordedRequest>()

    init(_ behavior: Behavior, basePath: String = "/") {
        let host = "stub-\(UUID().uuidString.lowercased()).test"
        self.behavior = behavior
        self.baseURL = URL(string: "http://\(host)\(basePath)") ?? URL(fileURLWithPath: "/")
        StubRegistry.shared.register(self, host: host)
    }

    /// Every request received so far.
    var requests: [RecordedRequest] { recorded.values }

    func record(_ request: RecordedRequest) {
        recorded.append(request)
        Task { await started.open() }
    }

    func didDeliver() {
        Task { await delivered.open() }
    }

    func didStop() {
        Task { await stopped.open() }
    }
}

/// What a `URLRequest` carried when it reached the stub.
struct RecordedRequest: Sendable, Equatable {
    let url: String
    let method: String
    /// Compared case-insensitively: URLSession on Linux respells names (`X-Request-ID` → `X-Request-Id`).
    let headers: HTTPHeaders
    let body: Data?

    init(_ request: URLRequest) {
        url = request.url?.absoluteString ?? ""
        method = request.httpMethod ?? ""
        headers = HTTPHeaders(request.allHTTPHeaderFields ?? [:])
        body = request.httpBody ?? request.httpBodyStream.map(Self.readAll)
    }

    /// Linux hands a body to a `URLProtocol` as a stream rather than as `httpBody`.
    private static func readAll(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the session delegate keeps for one running task: the caller's continuation, the redirect chain so
/// far, the response head and the body received.
struct Transfer {
    typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>

    let continuation: Continuation
    /// The URL the caller asked for.
    let original: URL
    /// The URL of the request now being answered.
    var current: URL
    /// Every request of the redirect chain, the original first.
    var visited: [RedirectDecision.Visit]
    /// Whether a followed redirect left the original origin.
    var leftOrigin = false
    var response: URLResponse?
    var body = Data()

    init(request: URLRequest, continuation: Continuation) {
        let url = request.url ?? URL(fileURLWithPath: "/")
        self.continuation = continuation
        self.original = url
        self.current = url
        self.visited = [RedirectDecision.Visit(method: request.httpMethod, url: url)]
    }
}

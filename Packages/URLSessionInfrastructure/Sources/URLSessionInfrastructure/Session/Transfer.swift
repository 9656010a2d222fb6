import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the session delegate keeps for one running task: where its events go and the redirect chain so far.
struct Transfer {
    let events: any TransferEvents
    /// The URL the caller asked for.
    let original: URL
    /// The URL of the request now being answered.
    var current: URL
    /// Every request of the redirect chain, the original first.
    var visited: [RedirectDecision.Visit]
    /// Whether a followed redirect left the original origin.
    var leftOrigin = false
    /// Hears the task's measurements, where the session delivers them: the caller's `HTTPExchangeObserver`.
    let exchangeObserver: HTTPExchangeObserver?

    init(request: URLRequest, events: any TransferEvents, exchangeObserver: HTTPExchangeObserver? = nil) {
        let url = request.url ?? URL(fileURLWithPath: "/")
        self.events = events
        self.original = url
        self.current = url
        self.visited = [RedirectDecision.Visit(method: request.httpMethod, url: url)]
        self.exchangeObserver = exchangeObserver
    }
}

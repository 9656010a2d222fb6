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
    /// The method of the request now being answered.
    var currentMethod: String
    /// Every request of the redirect chain, the original first.
    var visited: [RedirectDecision.Visit]
    /// Whether a followed redirect left the original origin.
    var leftOrigin = false
    /// Hear the task's measurements, where the session delivers them, and each followed redirect (giving fields
    /// for the next request): the caller's `HTTPLoadObservation`.
    let observers: HTTPLoadObservation

    init(request: URLRequest, events: any TransferEvents, observers: HTTPLoadObservation = HTTPLoadObservation()) {
        let url = request.url ?? URL(fileURLWithPath: "/")
        self.events = events
        self.original = url
        self.current = url
        self.currentMethod = request.httpMethod ?? "GET"
        self.visited = [RedirectDecision.Visit(method: request.httpMethod, url: url)]
        self.observers = observers
    }
}

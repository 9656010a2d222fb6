import Foundation
import HTTPClient

/// Hears each redirect a transport follows for the current task, and gives header fields for the request the
/// transport sends next (a tracing layer gives each hop its own `traceparent`).
///
/// A transport reads it from ``HTTPLoadObservation/current`` when a request starts and calls ``fields(after:)``
/// once per followed redirect, after the redirect's exchange ended and before the next request goes out, on whatever
/// thread the transport runs it: keep the closure short. The transport sets the fields on the next request, replacing
/// fields of the same names, after applying its redirect rules; ``RedirectDecision/credentialHeaders`` are never set
/// this way. The last exchange of the load is reported to `HTTPExchangeObserver` as usual, not here.
///
/// ```swift
/// let observer = HTTPRedirectObserver { hop in hops.append(hop); return [:] }
/// try await observer.observing { try await client.load(request: request) }
/// ```
public struct HTTPRedirectObserver: Sendable {
    private let handler: @Sendable (HTTPRedirectHop) -> HTTPHeaders

    /// An observer that hands each hop to `handler`, which returns the fields to set on the next request.
    public init(_ handler: @escaping @Sendable (HTTPRedirectHop) -> HTTPHeaders) {
        self.handler = handler
    }

    /// Hands `hop` to the handler and returns the fields it gives for the next request, without credential
    /// fields.
    public func fields(after hop: HTTPRedirectHop) -> HTTPHeaders {
        RedirectDecision.withoutCredentialFields(handler(hop))
    }

    /// Runs `operation` with this observer hearing its followed redirects, in place of the redirect observer in
    /// ``HTTPLoadObservation/current``.
    @discardableResult
    public func observing<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        var observation = HTTPLoadObservation.current
        observation.redirects = self
        return try await observation.bound(isolation: isolation, operation)
    }
}

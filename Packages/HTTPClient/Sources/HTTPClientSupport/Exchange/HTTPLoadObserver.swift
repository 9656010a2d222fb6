import Foundation
import HTTPClient

/// Hears everything the layers below report about a load: each exchange's measurements, each answer's source and
/// each followed redirect, set once as ``HTTPLoadObservation/loadObserver``.
///
/// A layer that wants all three (a tracing layer, say) binds one observer instead of an `HTTPExchangeObserver`,
/// an `HTTPAnswerSourceObserver` and an `HTTPRedirectObserver`. Reporters reach it through ``HTTPLoadObservation``,
/// beside those three, so both kinds hear every report. Binding replaces the load observer in place for the layers
/// below: pass what it hears on to the one it replaced. The methods run on whatever thread the reporter is on:
/// keep them short.
public protocol HTTPLoadObserver: Sendable {
    /// Hears the measurements of an exchange that ended (see `HTTPExchangeObserver`).
    func observe(_ metrics: HTTPExchangeMetrics)
    /// Hears the source of an answer (see `HTTPAnswerSourceObserver`).
    func observe(_ source: HTTPAnswerSource)
    /// Hears a followed redirect and returns the fields to set on the next request (see `HTTPRedirectObserver`);
    /// credential fields are dropped.
    func fields(after hop: HTTPRedirectHop) -> HTTPHeaders
}

extension HTTPLoadObserver {
    /// Runs `operation` with this observer hearing its loads, in place of the load observer in
    /// ``HTTPLoadObservation/current``.
    @discardableResult
    public func observing<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        var observation = HTTPLoadObservation.current
        observation.loadObserver = self
        return try await observation.bound(isolation: isolation, operation)
    }
}

import Foundation
import HTTPClientSupport

/// What the transport measured of one load through the redirects it followed, combined as curl reports a
/// transfer that follows redirects (`-L`).
///
/// Each phase is the sum of that phase over the requests that went through it, each counted from its own
/// request's start (curl: "when a redirect is followed, the time from each request is added together"); the
/// sizes, the protocol version and the peer are the last request's, as curl resets them for each request.
struct WriteOutMeasurement: Sendable, Hashable {
    /// Each followed redirect's own measurement, in order.
    let hops: [HTTPExchangeMetrics]
    /// The last request's measurement, the one that answered.
    let last: HTTPExchangeMetrics

    /// The load as one measurement, starting when the first request started.
    var combined: HTTPExchangeMetrics {
        guard !hops.isEmpty else { return last }
        let all = hops + [last]
        return HTTPExchangeMetrics(
            startTime: hops[0].startTime, nameLookup: Self.sum(all.map(\.nameLookup)),
            connect: Self.sum(all.map(\.connect)), secureConnect: Self.sum(all.map(\.secureConnect)),
            requestSent: Self.sum(all.map(\.requestSent)), firstByte: Self.sum(all.map(\.firstByte)),
            end: Self.sum(all.map(\.end)), protocolVersion: last.protocolVersion, remoteAddress: last.remoteAddress,
            remotePort: last.remotePort, requestBodyBytes: last.requestBodyBytes,
            responseBodyBytes: last.responseBodyBytes, redirectCount: last.redirectCount)
    }

    /// curl's `time_redirect`: the time of every followed redirect before the last request started, the sum of
    /// the hops' ends; zero without redirects.
    var redirectTime: Duration {
        Self.sum(hops.map(\.end)) ?? .zero
    }

    /// The sum of the known durations, or `nil` when none is known.
    private static func sum(_ durations: [Duration?]) -> Duration? {
        let known = durations.compactMap { $0 }
        return known.isEmpty ? nil : known.reduce(.zero, +)
    }
}

import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPObserversTests {
    private let metrics = HTTPExchangeMetrics(startTime: Date(timeIntervalSince1970: 0), end: .milliseconds(5))

    @Test func withNothingBoundNothingHearsAndNoFieldsAreGiven() throws {
        let observers = HTTPObservers.current

        #expect(!observers.hearsExchanges && !observers.hearsRedirects)
        #expect(observers.fields(after: try makeHop()) == [:])
    }

    @Test func theLoadObserverAndTheSinglePurposeObserversEachHearEveryReport() throws {
        let load = RecordingLoadObserver()
        let exchanges = RecordedValues<HTTPExchangeMetrics>()
        let sources = RecordedValues<HTTPAnswerSource>()
        let hops = RecordedValues<HTTPRedirectHop>()
        let hop = try makeHop()
        let redirects = HTTPRedirectObserver { hop in
            hops.append(hop)
            return [:]
        }

        let observers = HTTPObservers.$load.withValue(load) {
            HTTPExchangeObserver.$current.withValue(HTTPExchangeObserver { exchanges.append($0) }) {
                HTTPAnswerSourceObserver.$current.withValue(HTTPAnswerSourceObserver { sources.append($0) }) {
                    HTTPRedirectObserver.$current.withValue(redirects) {
                        HTTPObservers.current
                    }
                }
            }
        }
        observers.observe(metrics)
        observers.observe(.cache(.hit))
        _ = observers.fields(after: hop)

        #expect(observers.hearsExchanges && observers.hearsRedirects)
        #expect(exchanges.values == [metrics] && load.exchanges.values == [metrics])
        #expect(sources.values == [.cache(.hit)] && load.sources.values == [.cache(.hit)])
        #expect(hops.values == [hop] && load.hops.values == [hop])
    }

    @Test func onlyALoadObserverIsEnoughToHearExchangesAndRedirects() {
        let observers = HTTPObservers.$load.withValue(RecordingLoadObserver()) { HTTPObservers.current }

        #expect(observers.hearsExchanges && observers.hearsRedirects)
        #expect(observers.exchange == nil && observers.redirects == nil)
    }

    @Test func redirectFieldsAreMergedTheLoadObserversWinningAndNeverCarryCredentials() throws {
        let observers = HTTPObservers(
            redirects: HTTPRedirectObserver { _ in ["X-Hop": "redirect observer", "tracestate": "a=1"] },
            loadObserver: RecordingLoadObserver { _ in
                ["x-hop": "load observer", "Authorization": "Bearer t0k3n", "cookie": "a=b"]
            })

        let fields = observers.fields(after: try makeHop())

        #expect(fields["X-Hop"] == "load observer")
        #expect(fields["tracestate"] == "a=1")
        #expect(fields["Authorization"] == nil && fields["Cookie"] == nil)
    }

    private func makeHop() throws -> HTTPRedirectHop {
        HTTPRedirectHop(
            method: "GET", url: try #require(URL(string: "http://a/one")), statusCode: 302, metrics: nil,
            nextMethod: "GET", nextURL: try #require(URL(string: "http://a/two")))
    }
}

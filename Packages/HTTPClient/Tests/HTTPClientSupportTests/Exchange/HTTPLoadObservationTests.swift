import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPLoadObservationTests {
    private let metrics = HTTPExchangeMetrics(startTime: Date(timeIntervalSince1970: 0), end: .milliseconds(5))

    @Test func withNothingBoundNothingHearsAndNoFieldsAreGiven() throws {
        let observers = HTTPLoadObservation.current

        #expect(!observers.hearsExchanges && !observers.hearsRedirects)
        #expect(observers.fields(after: try makeHop()) == [:])
    }

    @Test func theLoadObserverAndTheSinglePurposeObserversEachHearEveryReport() async throws {
        let load = RecordingLoadObserver()
        let exchanges = RecordedValues<HTTPExchangeMetrics>()
        let sources = RecordedValues<HTTPAnswerSource>()
        let hops = RecordedValues<HTTPRedirectHop>()
        let hop = try makeHop()
        let redirects = HTTPRedirectObserver { hop in
            hops.append(hop)
            return [:]
        }

        let observers = await load.observing {
            await HTTPExchangeObserver { exchanges.append($0) }.observing {
                await HTTPAnswerSourceObserver { sources.append($0) }.observing {
                    await redirects.observing {
                        HTTPLoadObservation.current
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

    @Test func onlyALoadObserverIsEnoughToHearExchangesAndRedirects() async {
        let observers = await RecordingLoadObserver().observing { HTTPLoadObservation.current }

        #expect(observers.hearsExchanges && observers.hearsRedirects)
        #expect(observers.exchange == nil && observers.redirects == nil)
    }

    @Test func aFirstAttemptIsTheDefaultAndABoundResendCountHoldsOnlyInside() async {
        let inside = await HTTPLoadObservation(resendCount: 2).bound { HTTPLoadObservation.current.resendCount }

        #expect(inside == 2)
        #expect(HTTPLoadObservation.current.resendCount == 0)
    }

    @Test func bindingOneObserverKeepsTheAttemptAndTheOtherObserversInPlace() async {
        let load = RecordingLoadObserver()
        let observation = await HTTPLoadObservation(resendCount: 1, loadObserver: load).bound {
            await HTTPExchangeObserver { _ in }.observing { HTTPLoadObservation.current }
        }

        #expect(observation.resendCount == 1 && observation.exchange != nil)
        #expect(observation.loadObserver is RecordingLoadObserver)
    }

    @Test func redirectFieldsAreMergedTheLoadObserversWinningAndNeverCarryCredentials() throws {
        let observers = HTTPLoadObservation(
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

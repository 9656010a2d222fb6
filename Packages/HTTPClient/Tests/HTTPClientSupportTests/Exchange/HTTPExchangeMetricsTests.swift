import Foundation
import HTTPClientSupport
import Testing

struct HTTPExchangeMetricsTests {
    @Test func zeroAndNegativePhasesAreUnknownNeverZero() {
        let metrics = HTTPExchangeMetrics(
            startTime: Date(timeIntervalSince1970: 0), nameLookup: .zero, connect: .milliseconds(-1),
            secureConnect: nil, requestSent: .microseconds(1), firstByte: .milliseconds(300), end: .seconds(1))

        #expect(metrics.nameLookup == nil && metrics.connect == nil && metrics.secureConnect == nil)
        #expect(metrics.requestSent == .microseconds(1))
        #expect(metrics.firstByte == .milliseconds(300) && metrics.end == .seconds(1))
        #expect(metrics.redirectCount == 0 && metrics.protocolVersion == nil)
    }

    @Test func theObserverHearsWhatTheCurrentTaskIsGiven() async {
        let heard = LockedValue<[HTTPExchangeMetrics]>([])
        let metrics = HTTPExchangeMetrics(startTime: Date(timeIntervalSince1970: 0), end: .milliseconds(5))

        await HTTPExchangeObserver { value in heard.withLock { $0.append(value) } }.observing {
            HTTPLoadObservation.current.exchange?.observe(metrics)
        }
        HTTPLoadObservation.current.exchange?.observe(metrics)

        #expect(heard.withLock { $0 } == [metrics])
    }
}

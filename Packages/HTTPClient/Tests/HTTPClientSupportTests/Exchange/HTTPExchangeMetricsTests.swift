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

    @Test func theObserverHearsWhatTheCurrentTaskIsGiven() {
        let heard = LockedValue<[HTTPExchangeMetrics]>([])
        let metrics = HTTPExchangeMetrics(startTime: Date(timeIntervalSince1970: 0), end: .milliseconds(5))

        HTTPExchangeObserver.$current.withValue(HTTPExchangeObserver { value in heard.withLock { $0.append(value) } }) {
            HTTPExchangeObserver.current?.observe(metrics)
        }
        HTTPExchangeObserver.current?.observe(metrics)

        #expect(heard.withLock { $0 } == [metrics])
    }
}

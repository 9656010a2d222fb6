import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// A load through redirects, combined as curl reports a transfer with `-L`.
struct WriteOutMeasurementTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func addsEachPhaseOverTheRequestsAndKeepsTheLastRequestsSizesAndPeer() {
        let hop = HTTPExchangeMetrics(
            startTime: Self.start, nameLookup: .microseconds(100), connect: .microseconds(200),
            requestSent: .microseconds(300), firstByte: .microseconds(1_000), end: .microseconds(1_200),
            protocolVersion: "1.1", remoteAddress: "127.0.0.1", remotePort: 1, responseBodyBytes: 40)
        let last = HTTPExchangeMetrics(
            startTime: Self.start.addingTimeInterval(1), requestSent: .microseconds(50),
            firstByte: .microseconds(2_000), end: .microseconds(3_000), protocolVersion: "2",
            remoteAddress: "127.0.0.2", remotePort: 2, requestBodyBytes: 5, responseBodyBytes: 7, redirectCount: 2)
        let sut = WriteOutMeasurement(hops: [hop, hop], last: last)

        let combined = sut.combined

        #expect(combined.startTime == Self.start)
        #expect(combined.nameLookup == .microseconds(200) && combined.connect == .microseconds(400))
        #expect(combined.secureConnect == nil, "no request went through TLS")
        #expect(combined.requestSent == .microseconds(650))
        #expect(combined.firstByte == .microseconds(4_000) && combined.end == .microseconds(5_400))
        #expect(combined.protocolVersion == "2" && combined.remoteAddress == "127.0.0.2" && combined.remotePort == 2)
        #expect(combined.requestBodyBytes == 5 && combined.responseBodyBytes == 7 && combined.redirectCount == 2)
        #expect(sut.redirectTime == .microseconds(2_400))
    }

    @Test func withoutRedirectsIsTheLastRequestsOwn() {
        let last = HTTPExchangeMetrics(startTime: Self.start, firstByte: .milliseconds(3), end: .milliseconds(4))
        let sut = WriteOutMeasurement(hops: [], last: last)

        #expect(sut.combined == last)
        #expect(sut.redirectTime == .zero)
    }

    @Test func writesTheCombinedTimesAndTheRedirectTime() {
        let hop = HTTPExchangeMetrics(startTime: Self.start, firstByte: .microseconds(900), end: .seconds(1))
        let last = HTTPExchangeMetrics(
            startTime: Self.start, firstByte: .microseconds(100), end: .seconds(1), responseBodyBytes: 4_000,
            redirectCount: 1)
        let exchange = WriteOutExchange(
            method: .get, url: URL(string: "http://127.0.0.1/b"), statusCode: 200,
            measurement: WriteOutMeasurement(hops: [hop], last: last))

        #expect(exchange.value(of: .timeStartTransfer) == "0.001000")
        #expect(exchange.value(of: .timeTotal) == "2.000000")
        #expect(exchange.value(of: .timeRedirect) == "1.000000")
        #expect(exchange.value(of: .numRedirects) == "1")
        #expect(exchange.value(of: .sizeDownload) == "4000" && exchange.value(of: .speedDownload) == "2000")
    }
}

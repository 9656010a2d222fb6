import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The values of curl's variables for one exchange, measured or not.
struct WriteOutExchangeTests {
    static let url = URL(string: "http://127.0.0.1:8080/v1/token?access_token=secret&page=2")

    @Test func writesWhatTheTransportMeasuredAsCurlDoes() {
        let metrics = HTTPExchangeMetrics(
            startTime: Date(), nameLookup: .microseconds(1_200), connect: .microseconds(2_500),
            requestSent: .microseconds(2_600), firstByte: .microseconds(300_512), end: .seconds(2),
            protocolVersion: "1.1", remoteAddress: "127.0.0.1", remotePort: 8080, requestBodyBytes: 12,
            responseBodyBytes: 3_000, redirectCount: 1)
        let exchange = WriteOutExchange(method: .post, url: Self.url, statusCode: 201, metrics: metrics)

        let values = Dictionary(uniqueKeysWithValues: WriteOutVariable.allCases.map { ($0, exchange.value(of: $0)) })

        #expect(
            values == [
                .httpCode: "201", .method: "POST",
                .urlEffective: "http://127.0.0.1:8080/v1/token?access_token=REDACTED&page=2",
                .numRedirects: "1", .sizeDownload: "3000", .sizeUpload: "12", .speedDownload: "1500",
                .timeNameLookup: "0.001200", .timeConnect: "0.002500", .timeAppConnect: "0.000000",
                .timePreTransfer: "0.002600", .timeStartTransfer: "0.300512", .timeTotal: "2.000000",
                .timeRedirect: "0.000000",
                .remoteIP: "127.0.0.1", .remotePort: "8080", .httpVersion: "1.1",
            ])
    }

    @Test func anExchangeWithoutAMeasurementHasNoTimesSizesOrPeer() {
        let exchange = WriteOutExchange(method: .get, url: Self.url, statusCode: 200, metrics: nil)

        for variable in WriteOutVariable.allCases where ![.httpCode, .method, .urlEffective].contains(variable) {
            #expect(exchange.value(of: variable) == "", "\(variable)")
        }
        #expect(exchange.value(of: .httpCode) == "200")
    }

    @Test func anExchangeWithoutAnAnswerHasCode000() {
        let metrics = HTTPExchangeMetrics(startTime: Date(), connect: .microseconds(10))
        let exchange = WriteOutExchange(method: .get, url: nil, statusCode: nil, metrics: metrics)

        #expect(exchange.value(of: .httpCode) == "000")
        #expect(exchange.value(of: .urlEffective) == "")
        #expect(exchange.value(of: .httpVersion) == "0")
        #expect(exchange.value(of: .remotePort) == "0")
        #expect(exchange.value(of: .timeTotal) == "0.000000")
        #expect(exchange.value(of: .speedDownload) == "0")
    }

    @Test func secondsHaveSixDecimalsRoundedDown() {
        #expect(WriteOutExchange.seconds(.nanoseconds(1_999)) == "0.000001")
        #expect(WriteOutExchange.seconds(.seconds(12) + .microseconds(34)) == "12.000034")
        #expect(WriteOutExchange.seconds(nil) == "0.000000")
    }
}

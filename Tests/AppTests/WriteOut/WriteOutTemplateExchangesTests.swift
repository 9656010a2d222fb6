import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--write-out` over the transports' collected exchanges: one text per exchange, from what the transport reported.
struct WriteOutTemplateExchangesTests {
    @Test func writesTheFormatAfterEachExchangeWithTheTransportsMeasurement() async throws {
        let written = RecordedValues<String>()
        let metrics = HTTPExchangeMetrics(startTime: Date(), firstByte: .milliseconds(300), end: .milliseconds(301))
        let sut = try makeSUT("%{method} %{http_code} %{url_effective} %{time_starttransfer}\\n", written: written) {
            _ in
            HTTPLoadObservation.current.exchange?.observe(metrics)
            return (Data("ok".utf8), HTTPResponse(statusCode: 204))
        }

        _ = try await sut.load(request: TestRequest(method: .delete, path: "items/1"))

        #expect(written.values == ["DELETE 204 http://127.0.0.1:9/api/v1/items/1 0.300000\n"])
    }

    @Test func writesOneTextPerLoadWithTheRedirectsAddedUp() async throws {
        let written = RecordedValues<String>()
        let start = Date()
        let hopMetrics = HTTPExchangeMetrics(startTime: start, firstByte: .milliseconds(100), end: .milliseconds(200))
        let last = HTTPExchangeMetrics(
            startTime: start, firstByte: .milliseconds(300), end: .milliseconds(400), redirectCount: 1)
        let moved = try #require(URL(string: "http://127.0.0.1:9/api/v1/moved"))
        let sut = try makeSUT(
            "%{num_redirects} %{url_effective} %{time_starttransfer} %{time_total} %{time_redirect}\\n",
            written: written
        ) { _ in
            let hop = HTTPRedirectHop(
                method: "GET", url: moved, statusCode: 301, metrics: hopMetrics, nextMethod: "GET", nextURL: moved)
            _ = HTTPLoadObservation.current.redirects?.fields(after: hop)
            HTTPLoadObservation.current.exchange?.observe(last)
            return (Data(), HTTPResponse(statusCode: 200, url: moved))
        }

        _ = try await sut.load(request: TestRequest())

        #expect(written.values == ["1 http://127.0.0.1:9/api/v1/moved 0.400000 0.600000 0.200000\n"])
    }

    @Test func aTransportThatMeasuresNothingLeavesTheTimesEmpty() async throws {
        let written = RecordedValues<String>()
        let sut = try makeSUT("%{http_code}|%{time_total}|%{remote_ip}", written: written) { _ in
            (Data(), HTTPResponse(statusCode: 200))
        }

        _ = try await sut.load(request: TestRequest())

        #expect(written.values == ["200||"])
    }

    @Test func aFailedExchangeIsWrittenWithCode000AndStillThrows() async throws {
        let written = RecordedValues<String>()
        let sut = try makeSUT("%{http_code} %{method}", written: written) { _ in throw TestFailure("refused") }

        await #expect(throws: TestFailure.self) { try await sut.load(request: TestRequest()) }
        #expect(written.values == ["000 GET"])
    }

    @Test func valuesAreMadeSafeForATerminalButTheFormatIsNot() async throws {
        let written = RecordedValues<String>()
        let metrics = HTTPExchangeMetrics(startTime: Date(), remoteAddress: "\u{1B}[31m")
        let sut = try makeSUT("\\r%{remote_ip}", written: written) { _ in
            HTTPLoadObservation.current.exchange?.observe(metrics)
            return (Data(), HTTPResponse(statusCode: 200))
        }

        _ = try await sut.load(request: TestRequest())

        #expect(written.values == ["\r^[[31m"])
    }

    private func makeSUT(
        _ format: String, written: RecordedValues<String>,
        _ handler: @escaping ScriptedHTTPClient.Handler
    ) throws -> any HTTPClient {
        let template = try WriteOutTemplate(parsing: format)
        let transport = ScriptedHTTPClient(handler: handler)
        let makeTransport = template.writingOut({ _, _ in transport }, write: { written.append($0) })
        return try makeTransport(
            try #require(URL(string: "http://127.0.0.1:9/api")),
            TransportSettings(requestTimeout: 30, maximumResponseBytes: 1 << 20))
    }
}

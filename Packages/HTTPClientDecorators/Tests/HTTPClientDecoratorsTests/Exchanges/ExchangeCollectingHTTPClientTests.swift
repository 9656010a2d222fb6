import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct ExchangeCollectingHTTPClientTests {
    @Test func collectsEachLoadWithItsAnswerAndTheTransportsMeasurement() async throws {
        let metrics = HTTPExchangeMetrics(startTime: Date(), firstByte: .milliseconds(300), end: .milliseconds(301))
        let (sut, collected) = try makeSUT { _ in
            HTTPLoadObservation.current.exchange?.observe(metrics)
            return (Data("ok".utf8), HTTPResponse(statusCode: 204))
        }

        _ = try await sut.load(request: TestRequest(method: .delete, path: "items/1"))

        let exchange = try #require(collected.values.first)
        #expect(collected.count == 1)
        #expect(exchange.request.method == .delete && exchange.response?.statusCode == 204)
        #expect(exchange.url?.absoluteString == "http://127.0.0.1:9/api/v1/items/1")
        #expect(exchange.metrics == metrics && exchange.redirects.isEmpty)
    }

    @Test func passesTheMeasurementOnToTheObserverAlreadyInPlace() async throws {
        let outer = RecordedValues<HTTPExchangeMetrics>()
        let metrics = HTTPExchangeMetrics(startTime: Date(), end: .milliseconds(5))
        let (sut, _) = try makeSUT { _ in
            HTTPLoadObservation.current.exchange?.observe(metrics)
            return (Data(), HTTPResponse(statusCode: 200))
        }

        _ = try await HTTPExchangeObserver { outer.append($0) }.observing {
            try await sut.load(request: TestRequest())
        }

        #expect(outer.values == [metrics])
    }

    @Test func collectsEachFollowedRedirectAndPassesTheHopOn() async throws {
        let sentFields = RecordedValues<HTTPHeaders>()
        let start = Date()
        let hopMetrics = HTTPExchangeMetrics(startTime: start, end: .milliseconds(200))
        let last = HTTPExchangeMetrics(startTime: start, end: .milliseconds(400), redirectCount: 1)
        let moved = try #require(URL(string: "http://127.0.0.1:9/api/v1/moved"))
        let (sut, collected) = try makeSUT { _ in
            let hop = HTTPRedirectHop(
                method: "GET", url: moved, statusCode: 301, metrics: hopMetrics, nextMethod: "GET", nextURL: moved)
            sentFields.append(HTTPLoadObservation.current.redirects?.fields(after: hop) ?? [:])
            HTTPLoadObservation.current.exchange?.observe(last)
            return (Data(), HTTPResponse(statusCode: 200, url: moved))
        }
        let outer = HTTPRedirectObserver { _ in
            ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"]
        }

        _ = try await outer.observing { try await sut.load(request: TestRequest()) }

        let exchange = try #require(collected.values.first)
        #expect(exchange.url == moved && exchange.redirects == [hopMetrics] && exchange.metrics == last)
        #expect(
            sentFields.values.map { $0["traceparent"] } == ["00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"])
    }

    @Test func aTransportThatMeasuresNothingGivesNoMeasurement() async throws {
        let (sut, collected) = try makeSUT { _ in (Data(), HTTPResponse(statusCode: 200)) }

        _ = try await sut.load(request: TestRequest())

        #expect(collected.values.map { $0.metrics == nil && $0.redirects.isEmpty } == [true])
    }

    @Test func aFailedLoadIsCollectedWithoutAnAnswerAndStillThrows() async throws {
        let (sut, collected) = try makeSUT { _ in throw TestFailure("refused") }

        await #expect(throws: TestFailure.self) { try await sut.load(request: TestRequest(path: "items")) }

        let exchange = try #require(collected.values.first)
        #expect(exchange.response == nil && exchange.url?.absoluteString == "http://127.0.0.1:9/api/v1/items")
    }

    @Test func aStreamIsCollectedOnceWithTheHeadItWasGiven() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(206, chunks: ["a", "b"])])
        let collected = RecordedValues<CollectedHTTPExchange>()
        let sut = client.collectingExchanges(baseURL: try apiURL()) { collected.append($0) }

        let text = try await sut.stream(request: TestRequest(), body: nil, progress: nil) { _, body in
            String(decoding: try await body.collect(upTo: .max), as: UTF8.self)
        }

        #expect(text == "ab")
        #expect(collected.values.map { $0.response?.statusCode } == [206])
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> WeakReference<ScriptedHTTPClient> {
            let client = ScriptedHTTPClient.always(200)
            _ = try await client.collectingExchanges(baseURL: try apiURL()) { _ in }.load(request: TestRequest())
            return WeakReference(client)
        }

        let client = try await useAndDrop()

        #expect(client.object == nil)
    }

    private func makeSUT(
        _ handler: @escaping ScriptedHTTPClient.Handler
    ) throws -> (any HTTPClient, RecordedValues<CollectedHTTPExchange>) {
        let collected = RecordedValues<CollectedHTTPExchange>()
        let sut = ScriptedHTTPClient(handler: handler).collectingExchanges(baseURL: try apiURL()) {
            collected.append($0)
        }
        return (sut, collected)
    }

    private func apiURL() throws -> URL {
        try #require(URL(string: "http://127.0.0.1:9/api"))
    }
}

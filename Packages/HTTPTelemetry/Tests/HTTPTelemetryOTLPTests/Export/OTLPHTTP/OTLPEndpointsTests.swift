import Foundation
import HTTPTelemetry
import HTTPTelemetryOTLP
import Testing

struct OTLPEndpointsTests {
    @Test(arguments: [
        ("http://collector:4318", "http://collector:4318/v1/traces", "http://collector:4318/v1/metrics"),
        ("http://collector:4318/", "http://collector:4318/v1/traces", "http://collector:4318/v1/metrics"),
        ("https://c.example/otlp", "https://c.example/otlp/v1/traces", "https://c.example/otlp/v1/metrics"),
        ("https://c.example/otlp//", "https://c.example/otlp/v1/traces", "https://c.example/otlp/v1/metrics"),
    ])
    func theGeneralEndpointGetsEachSignalsPathAppended(endpoint: String, traces: String, metrics: String) throws {
        let url = try #require(URL(string: endpoint))

        let sut = OTLPEndpoints(endpoint: url)

        #expect(sut.traces?.absoluteString == traces)
        #expect(sut.metrics?.absoluteString == metrics)
    }

    @Test func aSignalsOwnEndpointIsUsedAsGiven() throws {
        let general = try #require(URL(string: "http://collector:4318"))
        let own = try #require(URL(string: "http://other:9999/custom"))

        let sut = OTLPEndpoints(endpoint: general, traces: own)

        #expect(sut[.traces] == own)
        #expect(sut[.metrics]?.absoluteString == "http://collector:4318/v1/metrics")
    }

    @Test func withoutEndpointsNoSignalIsExported() {
        let sut = OTLPEndpoints(endpoint: nil)

        #expect(sut.traces == nil && sut.metrics == nil)
    }
}

import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import NetworkingApp
import NetworkingComposition
import Testing

/// Each App chain stops an answer larger than its own limit, over real loopback traffic.
@Suite(.timeLimit(.minutes(1)))
struct ResponseLimitEndToEndTests {
    @Test func theImageChainStopsAnAnswerLargerThanAnAvatarCanBe() async throws {
        try await DevServer.run { server in
            let images = try HTTPClientFactory().imageClient(origin: server.baseURL)
            let tooLarge = TransportSettings.imageResponseLimit + 1

            let thrown = await #expect(throws: HTTPTransportError.self) {
                try await images.load(
                    request: TestRequest(
                        path: "faults/large", version: "", queryParameter: ["bytes": "\(tooLarge)"]))
            }
            #expect(
                thrown?.matches(HTTPTransportError.responseTooLarge(limit: TransportSettings.imageResponseLimit))
                    == true)
        }
    }

    @Test func theTokenChainStopsAGzipBombAtItsLimit() async throws {
        try await DevServer.run { server in
            let issuing = try HTTPClientFactory().tokenIssuingClient(baseURL: server.baseURL)

            let thrown = await #expect(throws: HTTPTransportError.self) {
                try await issuing.load(
                    request: TestRequest(
                        path: "faults/gzip-bomb", version: "",
                        queryParameter: ["bytes": "\(64 << 20)", "type": "text/plain"]))
            }
            #expect(
                thrown?.matches(HTTPTransportError.responseTooLarge(limit: TransportSettings.tokenResponseLimit))
                    == true)
        }
    }
}

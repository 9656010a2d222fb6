import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// A stream through the decorators that pass it on, in the App's order: each does its job and none reads a
/// body that is not its to read.
struct DecoratorChainStreamingTests {
    @Test func aSinglePassUploadAndADownloadGoThroughTheWholeChainOnce() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            .status(200, chunks: ["do", "wn"], headers: ["Content-Type": "application/octet-stream"])
        ])
        let (upload, log, loads) = (CountingChunks(["up", "load"]), RecordedValues<String>(), InFlightLoads())
        let sut = makeChain(client, loads: loads, log: log)
        let request = TestRequest(method: .post, headers: ["Accept": "application/octet-stream"])

        let text = try await sut.streamText(request, body: upload.body)

        let sent = try #require(await client.requests.first)
        #expect(text == "down" && upload.starts.count == 1 && sent.body == Data("upload".utf8))
        #expect(sent.request.headers?["User-Agent"] == "test" && sent.request.headers?["Authorization"] == "Bearer t")
        #expect(log.values.count == 1 && log.values.first?.contains("6 bytes sent") == true)
        #expect(log.values.first?.contains("4 bytes received") == true && loads.count == 0)
    }

    @Test func aFailureStatusIsLoggedBelowAndThrownAboveWithoutReachingReceive() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(404, chunks: ["missing"])])
        let (log, received) = (RecordedValues<String>(), RecordedValues<Int>())
        let sut = makeChain(client, loads: InFlightLoads(), log: log)

        await #expect(throws: HTTPError.httpCode(statusCode: 404, data: Data("missing".utf8))) {
            try await sut.stream(request: TestRequest(), body: nil, progress: nil) { response, _ in
                received.append(response.statusCode)
            }
        }
        #expect(received.count == 0 && log.values.first?.contains("StatusCode: 404") == true)
    }

    private func makeChain(
        _ client: any HTTPClient, loads: InFlightLoads, log: RecordedValues<String>
    ) -> any HTTPClient {
        client
            .trackingLoads(in: loads)
            .loggingRequestAndResponse(clock: TestClock()) { log.append($0) }
            .authenticated { "Bearer t" }
            .validatingContentType()
            .injecting(headers: ["User-Agent": "test"])
            .deduplicatingInFlightRequests()
            .handlingErrors()
            .bounded(by: SharedDeadline(after: .seconds(60), clock: TestClock()))
    }
}

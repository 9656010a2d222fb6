import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct HeadersInjectingHTTPClientStreamingTests {
    @Test func setsTheHeadersOnTheStreamOverSameNamedOnes() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ok"])])
        let upload = CountingChunks(["body"])
        let sut = client.injecting(headers: ["Accept": "application/json", "User-Agent": "test"])

        let text = try await sut.streamText(
            TestRequest(method: .put, headers: ["accept": "text/plain", "B": "2"]), body: upload.body)

        let headers = try #require(await client.requests.first?.request.headers)
        #expect(text == "ok")
        #expect(headers == ["Accept": "application/json", "User-Agent": "test", "B": "2"])
        #expect(await client.requests.first?.body == Data("body".utf8) && upload.starts.count == 1)
    }

    @Test func passesProgressThrough() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["ab", "c"])])
        let reports = RecordedValues<Int64>()

        _ = try await client.injecting(headers: ["A": "1"])
            .streamText(body: HTTPBody(Data("xyz".utf8))) { reports.append($0.bytesReceived) }

        #expect(reports.values == [0, 2, 3])
    }
}

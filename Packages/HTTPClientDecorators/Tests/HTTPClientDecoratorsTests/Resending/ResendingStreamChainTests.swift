import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// Token refresh, retry and a timeout streaming together, as the App chains them.
struct ResendingStreamChainTests {
    @Test func aFileBodyIsSentAgainAfterA401AndA503() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("upload.bin")
        try Data("file bytes".utf8).write(to: file)
        let client = StreamingScriptedHTTPClient(replies: [
            StreamFixtures.unreadable(401), StreamFixtures.unreadable(503), .status(201, chunks: ["made"]),
        ])
        let sut = makeChain(client)

        let text = try await sut.streamText(TestRequest(method: .put), body: try HTTPBody(contentsOf: file))

        #expect(text == "made")
        let sent = await client.requests
        #expect(sent.map { $0.request.headers?["Authorization"] } == ["Bearer old", "Bearer new", "Bearer new"])
        #expect(sent.map(\.body) == Array(repeating: Data("file bytes".utf8), count: 3))
    }

    @Test func aSinglePassBodyIsSentOnceThroughTheWholeChain() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(401, chunks: ["denied"]), .status(201)])
        let sut = makeChain(client)

        let text = try await sut.streamText(TestRequest(method: .put), body: StreamFixtures.singlePass("once"))

        #expect(text == "denied")
        let sent = await client.requests
        #expect(sent.count == 1 && sent.first?.body == Data("once".utf8) && sent.first?.bodyError == nil)
    }

    private func makeChain(_ client: StreamingScriptedHTTPClient) -> any HTTPClient {
        client
            .refreshingAccessToken(stored: { "Bearer old" }, refresh: { "Bearer new" })
            .retrying(RetryPolicy(baseDelay: .zero), clock: TestClock { _ in })
            .timingOut(after: .seconds(30), idle: .seconds(5), clock: TestClock.stepping())
    }
}

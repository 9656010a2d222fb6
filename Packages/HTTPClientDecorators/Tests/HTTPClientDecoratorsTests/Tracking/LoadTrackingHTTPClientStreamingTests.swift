import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

struct LoadTrackingHTTPClientStreamingTests {
    @Test func countsTheStreamUntilReceiveHasEnded() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["a", "b"])])
        let loads = InFlightLoads(clock: TestClock())
        let counts = RecordedValues<Int>()

        let text = try await client.trackingLoads(in: loads).stream(request: TestRequest(), body: nil, progress: nil) {
            _, body in
            counts.append(loads.count)
            var text = ""
            for try await chunk in body {
                text += String(decoding: chunk, as: UTF8.self)
                counts.append(loads.count)
            }
            return text
        }

        #expect(text == "ab" && counts.values == [1, 1, 1])
        #expect(loads.count == 0)
    }

    @Test func aReceiveThatThrowsEndsTheCount() async throws {
        let client = StreamingScriptedHTTPClient(replies: [.status(200, chunks: ["a"])])
        let loads = InFlightLoads(clock: TestClock())

        await #expect(throws: AnyError()) {
            try await client.trackingLoads(in: loads).stream(request: TestRequest(), body: nil, progress: nil) { _, _ in
                throw AnyError()
            }
        }
        #expect(loads.count == 0)
    }

    @Test func aStreamHeldInReceiveStaysCounted() async throws {
        let (reading, release) = (Gate(), Gate())
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(.status(200), steps: [.chunk(Data("a".utf8)), .wait(release)])
        ])
        let loads = InFlightLoads(clock: TestClock())
        let stream = Task {
            try await client.trackingLoads(in: loads).stream(request: TestRequest(), body: nil, progress: nil) {
                _, body in
                await reading.open()
                return try await body.collect(upTo: 10)
            }
        }
        try await reading.wait()
        #expect(loads.count == 1)

        await release.open()
        #expect(try await stream.value == Data("a".utf8))
        #expect(loads.count == 0)
    }
}

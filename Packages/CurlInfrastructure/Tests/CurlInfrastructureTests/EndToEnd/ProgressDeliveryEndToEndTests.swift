import CurlInfrastructure
import Dispatch
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

/// `progress` closures run off the client's libcurl thread, so a slow one stalls no other transfer.
@Suite("CurlClient end to end: progress delivery")
struct ProgressDeliveryEndToEndTests {
    @Test(
        "a progress closure that blocks until a second load on the same client finishes does not stall it",
        .timeLimit(.minutes(1)))
    func blockingProgressClosure() async throws {
        let file = randomBytes(256 * 1024, seed: 35)
        try await withFilesServer(["blocking.bin": file]) { files in
            let secondLoadDone = DispatchSemaphore(value: 0)
            let calls = LockedValue(0)
            let (entered, enter) = AsyncStream.makeStream(of: Void.self)
            let log = ProgressLog()
            let (client, request) = (files.client, files.request(.get, "blocking.bin"))
            let first = Task {
                try await client.stream(
                    request: request, body: nil,
                    progress: { progress in
                        log.record(progress)
                        let call = calls.withLock { calls in
                            calls += 1
                            return calls
                        }
                        guard call == 1 else { return }
                        enter.yield()
                        secondLoadDone.wait()
                    }
                ) { _, body in try await body.collect(upTo: 1 << 20) }
            }
            var iterator = entered.makeAsyncIterator()
            await iterator.next()

            let (data, response) = try await client.load(request: request)
            secondLoadDone.signal()
            let streamed = try await first.value

            #expect(response.statusCode == 200)
            #expect(data == file)
            #expect(streamed == file)
            #expect(log.isMonotonic)
            #expect(log.all.last?.bytesReceived == Int64(file.count))
        }
    }
}

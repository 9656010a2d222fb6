import DevServerSupport
import Dispatch
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

/// A reader that stops reading on Linux: the spill file's size limit and stall timeout end the transfer and
/// remove the file. And a progress closure that blocks stalls no other transfer of the client.
@Suite("End to end: URLSessionClient bounds a stalled stream")
struct URLSessionStreamBoundsTests {
    /// 256 KiB of a body announced one byte longer, then the server holds the connection until it is closed.
    private static let heldBody = TestRequest(
        method: .get, path: "faults/black-hole", version: "", queryParameter: ["body_bytes": "262144"])

    #if !canImport(Darwin)
        @Test("a reader more than the spill limit behind fails with spillLimitReached; the task and the file end")
        func spillLimit() async throws {
            try await FilesServerFixture.run { fixture in
                let (failures, failed) = AsyncStream.makeStream(of: HTTPTransportError.self)
                var buffering = fixture.buffering(memoryLimit: 16 * 1024)
                buffering.spillLimit = 64 * 1024
                buffering.failureObserver = { failed.yield($0) }

                let error = await readAfterFailure(of: fixture, buffering: buffering, failures: failures)

                #expect(error?.kind == .other)
                #expect(Self.cause(of: error) == .spillLimitReached(limit: 64 * 1024))
                #expect(try fixture.scratchFiles().isEmpty)
                try await fixture.admin.waitUntil("black-hole.closed", reaches: 1)
            }
        }

        @Test("a reader that reads nothing for the stall timeout while bytes wait fails with readerStalled")
        func stalledReader() async throws {
            try await FilesServerFixture.run { fixture in
                let (failures, failed) = AsyncStream.makeStream(of: HTTPTransportError.self)
                var buffering = fixture.buffering(memoryLimit: 16 * 1024)
                buffering.stallTimeout = 0.2
                buffering.failureObserver = { failed.yield($0) }

                let error = await readAfterFailure(of: fixture, buffering: buffering, failures: failures)

                #expect(error?.kind == .timedOut)
                #expect(Self.cause(of: error) == .readerStalled(seconds: 0.2))
                #expect(try fixture.scratchFiles().isEmpty)
                try await fixture.admin.waitUntil("black-hole.closed", reaches: 1)
            }
        }
    #endif

    @Test(
        "a progress closure that blocks until a second load on the same client finishes does not stall it",
        .timeLimit(.minutes(1)))
    func blockingProgressClosure() async throws {
        let file = randomBytes(count: 256 * 1024, seed: 36)
        try await FilesServerFixture.run(files: ["blocking.bin": file]) { fixture in
            let secondLoadDone = DispatchSemaphore(value: 0)
            let calls = LockedValue(0)
            let reports = RecordedValues<HTTPTransferProgress>()
            let (entered, enter) = AsyncStream.makeStream(of: Void.self)
            let first = Task {
                try await fixture.client.stream(
                    request: fixture.download("blocking.bin"), body: nil,
                    progress: { progress in
                        reports.append(progress)
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

            let (data, response) = try await fixture.client.load(request: fixture.download("blocking.bin"))
            secondLoadDone.signal()
            let streamed = try await first.value

            #expect(response.statusCode == 200)
            #expect(data == file)
            #expect(streamed == file)
            let received = reports.values.map(\.bytesReceived)
            #expect(received == received.sorted())
            #expect(received.last == Int64(file.count))
        }
    }

    /// Streams ``heldBody`` with a reader that reads nothing until `failures` tells of the buffer's own
    /// failure, then reads; returns what the stream threw.
    private func readAfterFailure(
        of fixture: FilesServerFixture, buffering: StreamBuffering, failures: AsyncStream<HTTPTransportError>
    ) async -> HTTPTransportError? {
        await #expect(throws: HTTPTransportError.self) {
            try await fixture.client.stream(
                request: Self.heldBody, body: nil, progress: nil, buffering: buffering
            ) { _, body in
                var iterator = failures.makeAsyncIterator()
                _ = await iterator.next()
                for try await _ in body {}
            }
        }
    }

    private static func cause(of error: HTTPTransportError?) -> URLSessionClient.TransferError? {
        switch error {
        case .other(let underlying)?, .timedOut(let underlying)?: underlying as? URLSessionClient.TransferError
        default: nil
        }
    }
}

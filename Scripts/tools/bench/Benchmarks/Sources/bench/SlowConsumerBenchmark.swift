import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import Synchronization

/// How much of a response `CurlClient` holds while its consumer is slow: one large file streamed through
/// `stream(request:body:progress:receive:)` by a reader that sleeps after every chunk.
///
/// The bytes buffered in the client are the progress report's `bytesReceived` minus the bytes the reader has
/// taken, sampled at every progress report and every chunk; the figure is their maximum.
struct SlowConsumerBenchmark {
    let baseURL: String
    let path: String
    let bytes: Int
    let pauseMicroseconds: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        bytes = try options.int("bytes", default: 64 << 20)
        pauseMicroseconds = try options.int("pause-us", default: 1_000)
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL) else { throw BenchmarkError.invalidURL(baseURL) }
        // Large enough for the whole file, so that a client that buffers it all still finishes and shows it.
        let client = try CurlClient(baseURL: base, maximumResponseBytes: max(32 << 20, bytes + (1 << 20)))
        let meter = BufferMeter()
        let pause = Duration.microseconds(pauseMicroseconds)
        let clock = ContinuousClock()
        let started = clock.now
        let progress: @Sendable (HTTPTransferProgress) -> Void = { meter.received($0.bytesReceived) }
        let consumed = try await client.stream(request: BenchmarkRequest(path: path), body: nil, progress: progress) {
            response, body in
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            for try await chunk in body {
                meter.consumed(chunk.count)
                try await Task.sleep(for: pause)
            }
            return meter.snapshot.consumed
        }
        let state = meter.snapshot
        return [
            "kind": "slow-consumer", "bytes": consumed, "expected_bytes": bytes, "chunks": state.chunks,
            "largest_chunk": state.largestChunk, "pause_us": pauseMicroseconds,
            "max_buffered_bytes": state.maxBuffered, "progress_reports": state.reports,
            "seconds": LoadSample.seconds(clock.now - started),
        ]
    }
}

/// The received and consumed byte counts of one transfer, and the most bytes ever between them.
final class BufferMeter: Sendable {
    struct State {
        var received: Int64 = 0
        var consumed: Int64 = 0
        var maxBuffered: Int64 = 0
        var chunks = 0
        var largestChunk = 0
        var reports = 0
    }

    private let state = Mutex(State())

    var snapshot: State { state.withLock { $0 } }

    /// A progress report: `total` response bytes handed to the body so far.
    func received(_ total: Int64) {
        state.withLock {
            $0.received = max($0.received, total)
            $0.reports += 1
            $0.maxBuffered = max($0.maxBuffered, $0.received - $0.consumed)
        }
    }

    /// The reader took a chunk of `count` bytes.
    func consumed(_ count: Int) {
        state.withLock {
            $0.maxBuffered = max($0.maxBuffered, $0.received - $0.consumed)
            $0.consumed += Int64(count)
            $0.chunks += 1
            $0.largestChunk = max($0.largestChunk, count)
        }
    }
}

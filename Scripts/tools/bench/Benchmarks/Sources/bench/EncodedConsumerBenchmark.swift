import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import Synchronization
import URLSessionInfrastructure

/// How much memory `CurlClient` takes for a highly compressed stream read slowly: Scripts/dev-server's
/// `/faults/gzip-bomb` (zeros gzipped about 1000:1) streamed through `stream(request:body:progress:receive:)`
/// by a reader that sleeps after every MiB it decodes, side by side with a plain body of the same size on the
/// wire (`/faults/large`) read the same way through the same client.
///
/// The figure is the most live heap (`mallinfo2`: `uordblks + hblkhd`, so large mapped buffers count) above
/// what was live just before each stream, sampled at every progress report (the loop thread, right after a
/// write was buffered) and every chunk the reader takes; a warm-up stream runs first. It counts every buffer of
/// the stream: libcurl's receive buffer and pause copy, the client's, the decoder's and the chunks being read.
/// The peak resident set growth over the encoded stream is reported beside it. Last, `URLSessionClient` streams
/// a smaller body of the same kind (`--urlsession-bytes`) the same way, measured alike: FoundationNetworking
/// decodes each receive buffer whole and hands every piece to the session's delegate without waiting.
struct EncodedConsumerBenchmark {
    let baseURL: String
    let bytes: Int
    let pauseMicroseconds: Int
    let sessionBytes: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        bytes = try options.int("bytes", default: 2 << 30)
        sessionBytes = try options.int("urlsession-bytes", default: 256 << 20)
        pauseMicroseconds = try options.int("pause-us", default: 1_000)
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL) else { throw BenchmarkError.invalidURL(baseURL) }
        let client = try CurlClient(baseURL: base)
        let zeros = Data(count: CurlClient.streamDecodedChunkSize)
        _ = try await read(client, "faults/gzip-bomb", bytes: min(bytes, 256 << 20), zeros: zeros, meter: HeapMeter())
        AllocationCounter.trim()
        let encoded = HeapMeter()
        let residentBefore = ProcessMemory.current()?.residentBytes ?? 0
        let resetPeak = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let clock = ContinuousClock()
        let started = clock.now
        let result = try await read(client, "faults/gzip-bomb", bytes: bytes, zeros: zeros, meter: encoded)
        let seconds = LoadSample.seconds(clock.now - started)
        let peakResident = ProcessMemory.current()?.peakResidentBytes ?? 0
        let state = encoded.snapshot
        AllocationCounter.trim()
        let plain = HeapMeter()
        let plainResult = try await read(
            client, "faults/large", bytes: Int(state.received), zeros: zeros, meter: plain)
        let session = try URLSessionClient.ephemeral(baseURL: baseURL)
        _ = try await read(session, "faults/gzip-bomb", bytes: 1 << 20, zeros: zeros, meter: HeapMeter())
        AllocationCounter.trim()
        let sessionMeter = HeapMeter()
        let sessionStarted = clock.now
        let sessionResult = try await read(
            session, "faults/gzip-bomb", bytes: sessionBytes, zeros: zeros, meter: sessionMeter)
        let sessionSeconds = LoadSample.seconds(clock.now - sessionStarted)
        return [
            "kind": "encoded-consumer", "bytes": result.decoded, "expected_bytes": bytes, "all_zero": result.allZero,
            "encoded_bytes": state.received, "chunks": state.chunks, "largest_chunk": state.largestChunk,
            "pause_us": pauseMicroseconds, "max_heap_growth_bytes": state.peak - state.baseline,
            "samples": state.samples, "peak_rss_growth_bytes": resetPeak ? max(0, peakResident - residentBefore) : -1,
            "seconds": seconds, "receive_buffer_bytes": CurlClient.streamReceiveBufferSize,
            "plain_bytes": plainResult.decoded,
            "plain_max_heap_growth_bytes": plain.snapshot.peak - plain.snapshot.baseline,
            "urlsession_bytes": sessionResult.decoded, "urlsession_expected_bytes": sessionBytes,
            "urlsession_all_zero": sessionResult.allZero,
            "urlsession_max_heap_growth_bytes": sessionMeter.snapshot.peak - sessionMeter.snapshot.baseline,
            "urlsession_memory_limit": URLSessionClient.streamMemoryLimit, "urlsession_seconds": sessionSeconds,
        ]
    }

    /// Streams `bytes` from `path`, sleeping after every MiB; returns the count read and whether every byte
    /// was zero.
    private func read(
        _ client: any HTTPClient, _ path: String, bytes: Int, zeros: Data, meter: HeapMeter
    ) async throws -> (decoded: Int, allZero: Bool) {
        let request = BenchmarkRequest(path: path, query: ["bytes": "\(bytes)"])
        let pause = Duration.microseconds(pauseMicroseconds)
        let progress: @Sendable (HTTPTransferProgress) -> Void = { meter.received($0.bytesReceived) }
        meter.start()
        return try await client.stream(request: request, body: nil, progress: progress) { response, body in
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            var (decoded, allZero, sinceNap) = (0, true, 0)
            for try await chunk in body {
                meter.consumed(chunk.count)
                decoded += chunk.count
                allZero = allZero && chunk.count <= zeros.count && chunk == zeros.prefix(chunk.count)
                sinceNap += chunk.count
                if sinceNap >= 1 << 20 {
                    sinceNap = 0
                    try await Task.sleep(for: pause)
                }
            }
            return (decoded, allZero)
        }
    }
}

/// The live heap's baseline and peak over one stream, with its byte and chunk counts.
final class HeapMeter: Sendable {
    struct State {
        var baseline = 0
        var peak = 0
        var samples = 0
        var received: Int64 = 0
        var chunks = 0
        var largestChunk = 0
    }

    private let state = Mutex(State())

    var snapshot: State { state.withLock { $0 } }

    /// Takes the baseline: the live heap now.
    func start() {
        let live = Int(AllocationCounter.liveBytes)
        state.withLock {
            $0.baseline = live
            $0.peak = live
        }
    }

    /// A progress report: `total` encoded bytes buffered so far.
    func received(_ total: Int64) {
        sample { $0.received = max($0.received, total) }
    }

    /// The reader took a decoded chunk of `count` bytes.
    func consumed(_ count: Int) {
        sample {
            $0.chunks += 1
            $0.largestChunk = max($0.largestChunk, count)
        }
    }

    private func sample(_ change: (inout State) -> Void) {
        let live = Int(AllocationCounter.liveBytes)
        state.withLock {
            change(&$0)
            $0.peak = max($0.peak, live)
            $0.samples += 1
        }
    }
}

import BenchmarkSupport
import Foundation
import HTTPClient
import URLSessionInfrastructure

/// Whether `URLSessionClient.stream` keeps its memory bound when the body arrives at full speed: one large file
/// streamed from a loopback server `--runs` times, read as fast as it comes, on one client.
///
/// On Linux, FoundationNetworking cannot pause a receive: past ``URLSessionClient/streamMemoryLimit`` the bytes
/// the reader has not taken go to a temporary file. Each run's figure is its peak resident set growth: the
/// high-water mark (`VmHWM`, reset through `/proc/self/clear_refs` before the run) less the resident set just
/// before it, after `malloc_trim`. A warm-up stream of the same file runs first.
struct StreamBoundBenchmark {
    let baseURL: String
    let path: String
    let bytes: Int
    let runs: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        bytes = try options.int("bytes", default: 300_000_000)
        runs = try options.int("runs", default: 10)
    }

    func run() async throws -> [String: Any] {
        let client = try URLSessionClient.ephemeral(baseURL: baseURL)
        _ = try await read(client)
        var results: [[String: Any]] = []
        let clock = ContinuousClock()
        for index in 0..<runs {
            AllocationCounter.trim()
            let before = ProcessMemory.current()?.residentBytes ?? 0
            let resetPeak = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
            let started = clock.now
            let read = try await read(client)
            let seconds = LoadSample.seconds(clock.now - started)
            let peak = ProcessMemory.current()?.peakResidentBytes ?? 0
            let growth = resetPeak ? max(0, peak - before) : -1
            JSONOutput.note("stream-bound: run \(index + 1): \(read) bytes in \(seconds) s, peak RSS growth \(growth)")
            results.append(["bytes": read, "seconds": seconds, "peak_rss_growth_bytes": growth])
        }
        return [
            "kind": "stream-bound", "expected_bytes": bytes, "runs": results,
            "memory_limit": URLSessionClient.streamMemoryLimit,
        ]
    }

    /// Streams the file once, reading every chunk as it comes; returns the count read.
    private func read(_ client: URLSessionClient) async throws -> Int {
        try await client.stream(request: BenchmarkRequest(path: path), body: nil, progress: nil) { response, body in
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            var read = 0
            for try await chunk in body { read += chunk.count }
            return read
        }
    }
}

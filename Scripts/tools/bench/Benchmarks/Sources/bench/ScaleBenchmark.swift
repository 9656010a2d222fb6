import BenchmarkSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import NetworkingComposition

/// 10,000 requests with 256 in flight through the App's full chain over loopback: peak RSS, RSS growth,
/// and proof that every chain the factory builds is released afterwards (no retain cycles).
///
/// The baseline is read after a warm-up at the same concurrency, so that URLSession's connections, the
/// allocator's per-thread arenas and the logging path have reached their working size; growth is the RSS
/// after the chains were released minus that baseline. The live heap (`mallinfo2().uordblks`) is reported
/// beside it, to tell memory still allocated from pages the allocator keeps.
///
/// The weak references cover every object reachable from the four chains by reflection (each decorator's
/// actors and boxes, the `URLSessionClient` and its `URLSession`) and the objects the chains' closures
/// capture (the token source and the log sink).
struct ScaleBenchmark {
    let baseURL: String
    let path: String
    let total: Int
    let inFlight: Int
    let warmup: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        total = try options.int("total", default: 10_000)
        inFlight = try options.int("in-flight", default: 256)
        warmup = try options.int("warmup", default: 500)
    }

    /// What the closures of the token chain capture: a class, so that its release can be observed.
    final class TokenSource: Sendable {
        let value = "Bearer benchmark-token"
    }

    /// The log sink of the chains: counts entries and bytes.
    final class LogCounter: Sendable {
        let totals = LockedValue((entries: 0, bytes: 0))

        func record(_ entry: String) {
            totals.withLock { $0 = ($0.entries + 1, $0.bytes + entry.utf8.count) }
        }
    }

    struct Phase {
        var sample: LoadSample
        var baseline: ProcessMemory?
        var heapBaseline: UInt64
        var afterRun: ProcessMemory?
        var objects: [WeakObject]
        var logEntries: Int
    }

    func run() async throws -> [String: Any] {
        let start = ProcessMemory.current()
        let phase = try await runChains()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while phase.objects.contains(where: { !$0.isReleased }), clock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let released = clock.now
        let final = ProcessMemory.current()
        let heapFinal = AllocationCounter.inUseBytes
        AllocationCounter.trim()
        let trimmed = ProcessMemory.current()
        let alive = phase.objects.filter { !$0.isReleased }.map(\.name)
        let megabyte = 1_048_576.0
        func mb(_ bytes: Int?) -> Double { bytes.map { Double($0) / megabyte } ?? -1 }
        let baseline = phase.baseline?.residentBytes ?? 0
        return [
            "kind": "scale", "total": total, "in_flight": inFlight,
            "requests_per_second": phase.sample.requestsPerSecond, "failures": phase.sample.failures,
            "first_error": phase.sample.firstError ?? "", "p99_ms": phase.sample.p99Milliseconds,
            "log_entries": phase.logEntries,
            "rss_start_mb": mb(start?.residentBytes), "rss_baseline_mb": mb(phase.baseline?.residentBytes),
            "rss_after_run_mb": mb(phase.afterRun?.residentBytes), "rss_final_mb": mb(final?.residentBytes),
            "rss_final_trimmed_mb": mb(trimmed?.residentBytes), "peak_rss_mb": mb(trimmed?.peakResidentBytes),
            "growth_mb": mb(final.map { $0.residentBytes - baseline }),
            "growth_trimmed_mb": mb(trimmed.map { $0.residentBytes - baseline }),
            "peak_over_baseline_mb": mb(trimmed.map { $0.peakResidentBytes - baseline }),
            "heap_in_use_baseline_mb": Double(phase.heapBaseline) / megabyte,
            "heap_in_use_final_mb": Double(heapFinal) / megabyte,
            "heap_growth_mb": (Double(heapFinal) - Double(phase.heapBaseline)) / megabyte,
            "warmup": warmup,
            "objects_tracked": phase.objects.count, "objects_alive": alive,
            "object_types": Array(Set(phase.objects.map(\.name))).sorted(),
            "release_wait_ms": LoadSample.seconds(released - (deadline - .seconds(10))) * 1000,
        ]
    }

    /// Builds the four chains, warms up, runs the load through the full chain, and returns weak references to
    /// everything; the chains themselves go out of scope when this returns.
    private func runChains() async throws -> Phase {
        guard let base = URL(string: baseURL) else { throw BenchmarkError.invalidURL(baseURL) }
        let tokens = TokenSource()
        let log = LogCounter()
        let factory = HTTPClientFactory(requestTimeout: 30, log: { [log] in log.record($0) })
        let full = try factory.tokenClient(
            baseURL: base, accessToken: { [tokens] in tokens.value }, refreshAccessToken: { [tokens] in tokens.value })
        let others: [any HTTPClient] = [
            try factory.questionsClient(baseURL: base), try factory.tokenIssuingClient(baseURL: base),
            try factory.imageClient(origin: base),
        ]
        let path = self.path
        let send: @Sendable (any HTTPClient, Int) async throws -> Void = { client, index in
            let (_, response) = try await client.load(request: BenchmarkRequest(path: path, query: ["n": "\(index)"]))
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
        }
        for (index, client) in others.enumerated() {
            try await send(client, -1 - index)
        }
        _ = await LoadSample.measure(total: warmup, inFlight: inFlight) { try await send(full, -100 - $0) }
        let baseline = ProcessMemory.current()
        let heapBaseline = AllocationCounter.inUseBytes
        JSONOutput.note("scale: \(total) requests, \(inFlight) in flight")
        let sample = await LoadSample.measure(total: total, inFlight: inFlight) { try await send(full, $0) }
        let afterRun = ProcessMemory.current()
        var objects = ReferenceGraph.objects(reachableFrom: [full] + others)
        objects.append(WeakObject(tokens, name: "closure capture: TokenSource"))
        objects.append(WeakObject(log, name: "closure capture: LogCounter"))
        return Phase(
            sample: sample, baseline: baseline, heapBaseline: heapBaseline, afterRun: afterRun, objects: objects,
            logEntries: log.totals.withLock { $0.entries })
    }
}

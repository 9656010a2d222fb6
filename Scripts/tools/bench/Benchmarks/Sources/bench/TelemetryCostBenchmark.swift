import BenchmarkSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPTelemetry
import NetworkingComposition

/// What tracing (`.tracing(into:baseURL:)`, one span per attempt into a ``TelemetryCollector``) adds to a
/// request, side by side with the same client without it: in process over an in-memory client that answers
/// at once (the bare client, and the App's token chain with the tracing layer where `--trace` puts it), and
/// over loopback through the token chain over `CurlClient` against Scripts/dev-server. A control side sends a
/// constant `traceparent` without tracing, so what the header itself costs (the injecting layer, libcurl's
/// longer head, the server's parsing) shows apart from the span's; another reads, in the transport's place, the observer task-locals that transports and caches read
/// with tracing off; a third, under tracing, reports a transport's measurement so that the span holds what a
/// real transfer's does (phase events, protocol, peer, sizes). Over loopback, a fourth side binds the
/// task-locals tracing binds around the transport without making a span (``ObserverBindingClient``), and a fifth
/// is the control with 3 µs of busy work after each load (``BusyWorkClient``, the in-process target's worth): what
/// any such work in the client costs a sequential request there. Every loopback side also reports the process's
/// CPU seconds and context switches per request (all threads, the transport's included).
/// Last, the bare in-memory client with and without tracing takes turns load by load with the CPU caches evicted
/// before each load (``CacheEviction``), as they are between two transfers over a network, timing each load
/// alone: what a request pays for tracing when its code and data are not in the core's caches.
///
/// Each round sends every side's requests in small blocks, the sides taking turns block by block in an order
/// rotated by one each block, so that a change in the shared machine's speed meets every side alike. In process,
/// a side's figure is its nanoseconds per request over the round and the cost the median of per-round
/// differences; over loopback, the median latency of the round's `--loopback-count` sequential requests and the
/// cost the median of per-round ratios. The collectors keep a round's spans (as a command keeps its spans until
/// it ends) and are flushed, outside the timed loop, to an exporter that drops everything; the flush of the token
/// chain's collector, where it forms the spans' attributes and histogram points, is timed on its own and reported
/// per span.
struct TelemetryCostBenchmark {
    let url: String
    let rounds: Int
    let count: Int
    let loopbackCount: Int
    let coldCount: Int

    init(_ options: Arguments) throws {
        url = try options.string("url")
        rounds = try options.int("rounds", default: 7)
        count = try options.int("count", default: 20_000)
        loopbackCount = try options.int("loopback-count", default: 500)
        coldCount = try options.int("cold-count", default: 500)
    }

    func run() async throws -> [String: Any] {
        let collector = TelemetryCollector(exporter: DroppingExporter())
        // The token chain's spans go to a collector of their own, whose flush is timed per span.
        let tokenCollector = TelemetryCollector(exporter: DroppingExporter())
        let token: @Sendable () async throws -> String = { "Bearer benchmark-token" }
        // An http base, as every App chain has: the in-memory client ignores it, and a span's URL is built the
        // way a real request's is (a file URL would take URLComponents' slower path that no App base takes).
        let memoryBase = "http://127.0.0.1:8080/"
        guard let memoryURL = URL(string: memoryBase) else { throw BenchmarkError.invalidURL(memoryBase) }
        let transport = InstantClient()
        let observed = ObservedInstantClient()
        let traced = HTTPClientFactory(makeTransport: { _, _ in
            transport.tracing(into: tokenCollector, baseURL: memoryURL)
        })
        let inProcess: [(String, any HTTPClient)] = [
            ("bare in-memory client", transport),
            ("bare + tracing", transport.tracing(into: collector, baseURL: memoryURL)),
            (
                "bare + tracing, transport reporting a measurement",
                ObservedInstantClient(reportsMeasurement: true).tracing(into: collector, baseURL: memoryURL)
            ),
            (
                "App tokenClient chain, tracing off",
                try HTTPClientFactory(makeTransport: { _, _ in transport }).tokenClient(
                    baseURL: memoryURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain, spans on",
                try traced.tokenClient(baseURL: memoryURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain, tracing off, transport reading the observer task-locals",
                try HTTPClientFactory(makeTransport: { _, _ in observed }).tokenClient(
                    baseURL: memoryURL, accessToken: token, refreshAccessToken: token)
            ),
        ]
        guard let loopbackURL = URL(string: url) else { throw BenchmarkError.invalidURL(url) }
        let curl = HTTPClientFactory.transport(.curl)
        let loopback: [(String, any HTTPClient)] = [
            (
                "App tokenClient chain over CurlClient, tracing off",
                try HTTPClientFactory(makeTransport: curl).tokenClient(
                    baseURL: loopbackURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain over CurlClient, constant traceparent, tracing off",
                try HTTPClientFactory(makeTransport: { url, settings in
                    try curl(url, settings).injecting(headers: ["traceparent": Self.constantTraceparent])
                }).tokenClient(baseURL: loopbackURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain over CurlClient, spans on",
                try HTTPClientFactory(makeTransport: { url, settings in
                    try curl(url, settings).tracing(into: collector, baseURL: url)
                }).tokenClient(baseURL: loopbackURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain over CurlClient, tracing's observers bound without a span",
                try HTTPClientFactory(makeTransport: { url, settings in
                    ObserverBindingClient(client: try curl(url, settings))
                }).tokenClient(baseURL: loopbackURL, accessToken: token, refreshAccessToken: token)
            ),
            (
                "App tokenClient chain over CurlClient, constant traceparent, tracing off, 3 µs of busy work a request",
                try HTTPClientFactory(makeTransport: { url, settings in
                    BusyWorkClient(
                        client: try curl(url, settings).injecting(headers: ["traceparent": Self.constantTraceparent]),
                        work: .microseconds(3))
                }).tokenClient(baseURL: loopbackURL, accessToken: token, refreshAccessToken: token)
            ),
        ]
        let memoryRequest = BenchmarkRequest(path: "bench.json")
        let loopbackRequest = BenchmarkRequest(path: "echo/bench.json")
        for (_, client) in inProcess {
            _ = try await OverheadBenchmark.measure(client, request: memoryRequest, count: max(100, count / 10))
        }
        for (_, client) in loopback { _ = try await Self.latencies(client, loopbackRequest, count: 50) }
        try await collector.flush()
        try await tokenCollector.flush()
        var nanoseconds = Array(repeating: [Double](), count: inProcess.count)
        var allocations = Array(repeating: [Double](), count: inProcess.count)
        var flushes: [Double] = []
        var medians = Array(repeating: [Double](), count: loopback.count)
        let coldSides: [any HTTPClient] = [transport, transport.tracing(into: collector, baseURL: memoryURL)]
        var coldMedians = Array(repeating: [Double](), count: coldSides.count)
        let eviction = CacheEviction()
        var cpus = Array(repeating: [Double](), count: loopback.count)
        var contextSwitches = Array(repeating: [Double](), count: loopback.count)
        let blocks = max(1, count / Self.inProcessBlock)
        let loopbackBlocks = max(1, loopbackCount / Self.loopbackBlock)
        for round in 0..<rounds {
            var totals = Array(repeating: (nanoseconds: 0.0, allocations: 0.0), count: inProcess.count)
            for block in 0..<blocks {
                for index in Self.rotated(inProcess.indices, round + block) {
                    let size = Self.share(of: count, block: block, blocks: blocks)
                    let sample = try await OverheadBenchmark.measure(
                        inProcess[index].1, request: memoryRequest, count: size)
                    totals[index].nanoseconds += sample.nanosecondsPerRequest * Double(size)
                    totals[index].allocations += sample.allocationsPerRequest * Double(size)
                }
            }
            for index in inProcess.indices {
                nanoseconds[index].append(totals[index].nanoseconds / Double(count))
                allocations[index].append(totals[index].allocations / Double(count))
            }
            try await collector.flush()
            let flushStarted = ContinuousClock.now
            try await tokenCollector.flush()
            flushes.append(LoadSample.seconds(ContinuousClock.now - flushStarted) * 1e9 / Double(count))
            var latencies = Array(repeating: [Double](), count: loopback.count)
            var cpu = Array(repeating: 0.0, count: loopback.count)
            var switches = Array(repeating: 0, count: loopback.count)
            for block in 0..<loopbackBlocks {
                for index in Self.rotated(loopback.indices, round + block) {
                    let size = Self.share(of: loopbackCount, block: block, blocks: loopbackBlocks)
                    let cpuBefore = Self.processCPUSeconds()
                    let switchesBefore = IdleWaitBenchmark.processContextSwitches()
                    latencies[index] += try await Self.latencies(loopback[index].1, loopbackRequest, count: size)
                    cpu[index] += Self.processCPUSeconds() - cpuBefore
                    switches[index] += IdleWaitBenchmark.processContextSwitches() - switchesBefore
                }
            }
            for index in loopback.indices {
                medians[index].append(Statistics.median(latencies[index]))
                cpus[index].append(cpu[index] / Double(loopbackCount))
                contextSwitches[index].append(Double(switches[index]) / Double(loopbackCount))
            }
            try await collector.flush()
            let cold = try await Self.coldLatencies(coldSides, memoryRequest, count: coldCount, eviction: eviction)
            for index in coldSides.indices { coldMedians[index].append(Statistics.median(cold[index])) }
            try await collector.flush()
            JSONOutput.note("telemetry: round \(round + 1)/\(rounds) done")
        }
        let inProcessRows: [[String: Any]] = inProcess.indices.map { index in
            [
                "side": inProcess[index].0, "ns_per_request_by_round": nanoseconds[index],
                "allocations_per_request_by_round": allocations[index],
            ]
        }
        let loopbackRows: [[String: Any]] = loopback.indices.map { index in
            [
                "side": loopback[index].0, "median_seconds_by_round": medians[index],
                "cpu_seconds_per_request_by_round": cpus[index],
                "context_switches_per_request_by_round": contextSwitches[index],
            ]
        }
        return [
            "kind": "telemetry-cost", "rounds": rounds, "count": count, "loopback_count": loopbackCount,
            "in_process": inProcessRows, "loopback": loopbackRows, "flush_ns_per_span_by_round": flushes,
            "cold_count": coldCount,
            "cold_cache_median_seconds_by_round": [
                "bare in-memory client": coldMedians[0], "bare + tracing": coldMedians[1],
            ],
        ]
    }

    /// The header a traced request carries, sent as a constant by the control side so that the server reads
    /// the same head with and without tracing.
    private static let constantTraceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    /// The seconds each of `count` sequential loads took.
    private static func latencies(_ client: any HTTPClient, _ request: any HTTPRequest, count: Int) async throws
        -> [Double]
    {
        let clock = ContinuousClock()
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        for _ in 0..<count {
            let started = clock.now
            let (_, response) = try await client.load(request: request)
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            latencies.append(LoadSample.seconds(clock.now - started))
        }
        return latencies
    }

    /// The seconds each load of each client took, `count` loads a client, with the CPU caches evicted before
    /// every load (as between two transfers over a network, when other work ran in between); the clients take
    /// turns load by load.
    private static func coldLatencies(
        _ clients: [any HTTPClient], _ request: any HTTPRequest, count: Int, eviction: CacheEviction
    ) async throws -> [[Double]] {
        let clock = ContinuousClock()
        var latencies = Array(repeating: [Double](), count: clients.count)
        for _ in 0..<count {
            for index in clients.indices {
                eviction.evict()
                let started = clock.now
                _ = try await clients[index].load(request: request)
                latencies[index].append(LoadSample.seconds(clock.now - started))
            }
        }
        return latencies
    }

    /// The CPU seconds this process has used so far, on every thread (the transport's included).
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Requests a side sends in a row, in process and over loopback: small enough that a change in the shared
    /// machine's speed meets every side alike, large enough that switching sides costs nothing measurable.
    private static let inProcessBlock = 500
    private static let loopbackBlock = 25

    /// The requests of `block` when `total` is split into `blocks` nearly equal blocks.
    private static func share(of total: Int, block: Int, blocks: Int) -> Int {
        total / blocks + (block < total % blocks ? 1 : 0)
    }

    private static func rotated(_ indices: Range<Int>, _ round: Int) -> [Int] {
        let shift = round % indices.count
        return Array(indices[shift...]) + Array(indices[..<shift])
    }
}

/// Writes every cache line of a buffer larger than a core's L1 and L2 caches, so that the code and data a load
/// touches next come from the shared cache or memory.
private final class CacheEviction {
    /// 8 MiB: twice the L2 caches of both cores of the machine the reports come from.
    private static let size = 8 << 20
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)

    init() { buffer.initializeMemory(as: UInt8.self, repeating: 0) }

    deinit { buffer.deallocate() }

    func evict() {
        for offset in stride(from: 0, to: Self.size, by: 64) { buffer[offset] &+= 1 }
    }
}

/// An exporter that drops what it is given: the benchmark measures recording, not export.
private struct DroppingExporter: TelemetryExporter {
    func export(spans: [FinishedSpan]) async throws {}
    func export(metrics: [MetricPoint]) async throws {}
}

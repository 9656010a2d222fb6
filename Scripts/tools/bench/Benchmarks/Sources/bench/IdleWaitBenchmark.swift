import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// CPU seconds the process spends per wall second while one request waits for a slow answer
/// (`/faults/delay` of Scripts/dev-server): a plain `URLSession`, `URLSessionClient` and `CurlClient`, each on a
/// new connection and on a connection reused after a warm-up request.
///
/// Nothing else runs in the process during a wait, so `getrusage(RUSAGE_SELF)` around it is the transport's
/// own cost. Rounds alternate the four sides; figures are medians over rounds.
struct IdleWaitBenchmark {
    let baseURL: String
    let waitMilliseconds: Int
    let rounds: Int

    /// The most CPU per wall second that counts as idle: a transport that sleeps while it waits.
    static let target = 0.05

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        waitMilliseconds = try options.int("wait-ms", default: 4_000)
        rounds = try options.int("rounds", default: 1)
    }

    func run() async throws -> [String: Any] {
        let sides: [(name: String, reused: Bool, measure: (Bool) async throws -> Double)] = [
            ("plain URLSession, new connection", false, plainURLSession),
            ("plain URLSession, reused connection", true, plainURLSession),
            ("URLSessionClient, new connection", false, urlSessionClient),
            ("URLSessionClient, reused connection", true, urlSessionClient),
            ("CurlClient, new connection", false, curlClient),
            ("CurlClient, reused connection", true, curlClient),
        ]
        var samples = Array(repeating: [Double](), count: sides.count)
        for round in 1...max(rounds, 1) {
            for (index, side) in sides.enumerated() {
                let ratio = try await side.measure(side.reused)
                samples[index].append(ratio)
                JSONOutput.note("idle-wait round \(round): \(side.name): \(String(format: "%.3f", ratio)) CPU s/wall s")
            }
        }
        let rows: [[String: Any]] = zip(sides, samples).map { side, values in
            let median = values.sorted()[values.count / 2]
            return [
                "side": side.name, "cpu_per_wall_second": median, "samples": values, "met": median <= Self.target,
            ]
        }
        return [
            "wait_ms": waitMilliseconds, "rounds": rounds, "target": Self.target, "rows": rows,
            "table_rows": zip(sides, samples).map { side, values in
                tableRow(side: side.name, reused: side.reused, median: values.sorted()[values.count / 2])
            },
        ]
    }

    /// One row of Scripts/bench's table: part, measurement, result, ratio, target, verdict with its reason.
    private func tableRow(side: String, reused: Bool, median: Double) -> [String] {
        let verdict: String
        if median <= Self.target {
            verdict = "met"
        } else if side.hasPrefix("CurlClient") {
            verdict = "**missed**: \(String(format: "%.3f", median)) CPU s per s while CurlClient waited"
        } else if reused {
            verdict = "**missed**"
        } else {
            verdict =
                "**missed**: corelibs keeps a write DispatchSource on the connecting socket after libcurl asks "
                + "for POLL_IN only, so it fires until the socket is unregistered (URLSessionInfrastructure README, "
                + "Evidence); no public API reaches it"
        }
        return [
            "5 idle wait", "CPU s per wall s while waiting \(waitMilliseconds / 1000) s on a slow answer: \(side)",
            String(format: "%.3f CPU s/s", median), "", "≤ \(Self.target)", verdict,
        ]
    }

    /// A session of its own per measurement; `reused` sends a warm-up request on it first.
    private func plainURLSession(reused: Bool) async throws -> Double {
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        guard let base = URL(string: baseURL) else { throw IdleWaitError.badURL(baseURL) }
        if reused { _ = try await session.data(from: base.appendingPathComponent("echo/warm-up")) }
        var components = URLComponents(url: base.appendingPathComponent("faults/delay"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "ms", value: "\(waitMilliseconds)")]
        guard let url = components?.url else { throw IdleWaitError.badURL(baseURL) }
        return try await cpuPerWallSecond { _ = try await session.data(from: url) }
    }

    /// A client of its own per measurement; `reused` sends a warm-up request through it first.
    private func urlSessionClient(reused: Bool) async throws -> Double {
        let client = try URLSessionClient.ephemeral(baseURL: baseURL)
        if reused { try await client.load(request: BenchmarkRequest(path: "echo/warm-up")) }
        let request = BenchmarkRequest(path: "faults/delay", query: ["ms": "\(waitMilliseconds)"])
        return try await cpuPerWallSecond { try await client.load(request: request) }
    }

    /// A client of its own per measurement (its own libcurl thread); `reused` sends a warm-up request first.
    private func curlClient(reused: Bool) async throws -> Double {
        guard let base = URL(string: baseURL) else { throw IdleWaitError.badURL(baseURL) }
        let client = try CurlClient(baseURL: base)
        if reused { try await client.load(request: BenchmarkRequest(path: "echo/warm-up")) }
        let request = BenchmarkRequest(path: "faults/delay", query: ["ms": "\(waitMilliseconds)"])
        return try await cpuPerWallSecond { try await client.load(request: request) }
    }

    private func cpuPerWallSecond(_ wait: () async throws -> Void) async throws -> Double {
        let cpuBefore = Self.processCPUSeconds()
        let clock = ContinuousClock()
        let started = clock.now
        try await wait()
        let wall = clock.now - started
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        return (Self.processCPUSeconds() - cpuBefore) / max(wallSeconds, 1e-9)
    }

    /// Voluntary plus involuntary context switches of every thread of this process so far.
    static func processContextSwitches() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage.ru_nvcsw + usage.ru_nivcsw
    }

    /// User plus system CPU time of every thread of this process.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
        return user + system
    }
}

enum IdleWaitError: Error {
    case badURL(String)
}

import BenchmarkSupport
import Foundation

/// The outcome of one measured batch: latency percentiles, failures, requests per second.
struct LoadSample {
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var failures: Int
    var requestsPerSecond: Double
    var firstError: String?
    /// CPU time of the whole process (every thread) per request, in microseconds; 0 for an outside tool.
    var cpuMicrosecondsPerRequest: Double = 0
    /// Context switches of the whole process per request; 0 for an outside tool.
    var contextSwitchesPerRequest: Double = 0
    /// The mean latency in microseconds; 0 for an outside tool.
    var meanMicroseconds: Double = 0
    /// The mean latency minus the mean time inside the transport, for a chain over a ``TimedTransport``.
    var chainMicroseconds: Double?

    /// A sample from every request's latency (seconds) and the batch's wall-clock time.
    init(latencies: [Double], failures: Int, elapsed: Double, firstError: String?) {
        let sorted = latencies.sorted()
        p50Milliseconds = Statistics.percentile(50, ofSorted: sorted) * 1000
        p99Milliseconds = Statistics.percentile(99, ofSorted: sorted) * 1000
        self.failures = failures
        requestsPerSecond = elapsed > 0 ? Double(latencies.count) / elapsed : 0
        self.firstError = firstError
    }

    /// A sample from figures a reference tool reported.
    init(
        p50Milliseconds: Double, p99Milliseconds: Double, requestsPerSecond: Double, failures: Int, firstError: String?
    ) {
        self.p50Milliseconds = p50Milliseconds
        self.p99Milliseconds = p99Milliseconds
        self.failures = failures
        self.requestsPerSecond = requestsPerSecond
        self.firstError = firstError
    }

    /// Sends `total` requests through `send` with at most `inFlight` at once and times each one.
    static func measure(
        total: Int, inFlight: Int, _ send: @escaping @Sendable (Int) async throws -> Void
    ) async -> LoadSample {
        let clock = ContinuousClock()
        let cpuBefore = IdleWaitBenchmark.processCPUSeconds()
        let switchesBefore = IdleWaitBenchmark.processContextSwitches()
        let start = clock.now
        let outcomes = await runWindowed(total: total, inFlight: inFlight) { index -> (Double, String?) in
            let began = clock.now
            do {
                try await send(index)
                return (seconds(clock.now - began), nil)
            } catch {
                return (seconds(clock.now - began), String(describing: error))
            }
        }
        let elapsed = seconds(clock.now - start)
        let cpu = IdleWaitBenchmark.processCPUSeconds() - cpuBefore
        let failures = outcomes.filter { $0.1 != nil }
        var sample = LoadSample(
            latencies: outcomes.map(\.0), failures: failures.count, elapsed: elapsed, firstError: failures.first?.1)
        sample.cpuMicrosecondsPerRequest = total > 0 ? cpu * 1e6 / Double(total) : 0
        let switches = IdleWaitBenchmark.processContextSwitches() - switchesBefore
        sample.contextSwitchesPerRequest = total > 0 ? Double(switches) / Double(total) : 0
        sample.meanMicroseconds = outcomes.isEmpty ? 0 : outcomes.map(\.0).reduce(0, +) * 1e6 / Double(outcomes.count)
        return sample
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

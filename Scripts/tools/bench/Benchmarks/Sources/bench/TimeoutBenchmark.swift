import BenchmarkSupport
import Foundation
import HTTPClient
import HTTPClientDecorators

/// The in-process cost of `.timingOut(after:)` per request over a client that answers at once, against that
/// client alone in the same run (rounds alternate the two sides, as in ``OverheadBenchmark``).
///
/// Target: timeout + response size limit ≤ 1 µs per request. The size limit lives in `URLSessionClient`,
/// where it is one counter add per received chunk, so the timeout's own overhead is held to the whole budget.
struct TimeoutBenchmark {
    static let budgetNanoseconds = 1_000.0

    let rounds: Int
    let count: Int

    init(_ options: Arguments) throws {
        rounds = try options.int("rounds", default: 7)
        count = try options.int("count", default: 20_000)
    }

    func run() async throws -> [String: Any] {
        let bare = InstantClient()
        let sides: [(name: String, client: any HTTPClient)] = [
            ("bare in-memory client", bare), (".timingOut(after: .seconds(30))", bare.timingOut(after: .seconds(30))),
        ]
        let request = BenchmarkRequest(path: "bench.json")
        for side in sides {
            _ = try await OverheadBenchmark.measure(side.client, request: request, count: max(100, count / 10))
        }
        var samples = Array(repeating: [OverheadBenchmark.Sample](), count: sides.count)
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? [0, 1] : [1, 0]
            for index in order {
                samples[index].append(
                    try await OverheadBenchmark.measure(sides[index].client, request: request, count: count))
            }
            JSONOutput.note("timeout: round \(round + 1)/\(rounds) done")
        }
        let overheads = zip(samples[1], samples[0]).map { $0.nanosecondsPerRequest - $1.nanosecondsPerRequest }
        let overhead = Statistics.median(overheads)
        let rows: [[String: Any]] = sides.indices.map { index in
            [
                "name": sides[index].name,
                "ns_per_request": Statistics.median(samples[index].map(\.nanosecondsPerRequest)),
                "allocations_per_request": Statistics.median(samples[index].map(\.allocationsPerRequest)),
                "allocated_bytes_per_request": Statistics.median(samples[index].map(\.bytesPerRequest)),
            ]
        }
        let met = overhead <= Self.budgetNanoseconds
        let verdict =
            "timeout + size limit ≤ 1 µs per request: \(met ? "met" : "missed") "
            + "(timeout adds \(Int(overhead.rounded())) ns; the size limit is a counter add in URLSessionClient)"
        for row in rows {
            JSONOutput.note(
                String(
                    format: "%@: %.0f ns/req, %.1f allocations/req", row["name"] as? String ?? "",
                    row["ns_per_request"] as? Double ?? 0, row["allocations_per_request"] as? Double ?? 0))
        }
        JSONOutput.note(verdict)
        return [
            "kind": "timeout", "rounds": rounds, "count": count, "rows": rows, "overhead_ns": overhead,
            "budget_ns": Self.budgetNanoseconds, "met": met, "verdict": verdict,
            "allocation_counter": AllocationCounter.isActive
                ? "interposed glibc malloc/calloc/realloc/memalign" : "none",
        ]
    }
}

import BenchmarkSupport
import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientDecorators
import NetworkingComposition

/// Nanoseconds and heap allocations per request of each decorator and of the App's chains, over an
/// in-memory client that answers at once, against that client alone.
///
/// Every round measures every variant once, in an order rotated by one each round (and reversed every other
/// round), so machine noise hits all variants alike; a variant's overhead is the median over rounds of its
/// time minus the bare client's time in the same round.
struct OverheadBenchmark {
    let rounds: Int
    let count: Int

    init(_ options: Arguments) throws {
        rounds = try options.int("rounds", default: 7)
        count = try options.int("count", default: 20_000)
    }

    func run() async throws -> [String: Any] {
        let variants = try Self.variants()
        let request = BenchmarkRequest(path: "bench.json")
        for variant in variants {
            _ = try await Self.measure(variant.client, request: request, count: max(100, count / 10))
        }
        var times = Array(repeating: [Double](), count: variants.count)
        var deltas = Array(repeating: [Double](), count: variants.count)
        var allocations = Array(repeating: [Double](), count: variants.count)
        var bytes = Array(repeating: [Double](), count: variants.count)
        for round in 0..<rounds {
            var order = Array(variants.indices)
            order = Array(order[(round % order.count)...] + order[..<(round % order.count)])
            if round.isMultiple(of: 2) { order.reverse() }
            var roundTimes = Array(repeating: 0.0, count: variants.count)
            for index in order {
                let sample = try await Self.measure(variants[index].client, request: request, count: count)
                roundTimes[index] = sample.nanosecondsPerRequest
                allocations[index].append(sample.allocationsPerRequest)
                bytes[index].append(sample.bytesPerRequest)
            }
            for index in variants.indices {
                times[index].append(roundTimes[index])
                deltas[index].append(roundTimes[index] - roundTimes[0])
            }
            JSONOutput.note("overhead: round \(round + 1)/\(rounds) done")
        }
        let bare = Statistics.median(times[0])
        let rows: [[String: Any]] = variants.indices.map { index in
            var row: [String: Any] = [
                "name": variants[index].name,
                "ns_per_request": Statistics.median(times[index]),
                "overhead_ns": Statistics.median(deltas[index]),
                "ratio": bare > 0 ? Statistics.median(times[index]) / bare : 0,
                "allocations_per_request": Statistics.median(allocations[index]),
                "allocated_bytes_per_request": Statistics.median(bytes[index]),
                "full_chain": variants[index].isFullChain,
            ]
            if let baseline = variants[index].baseline, let other = variants.firstIndex(where: { $0.name == baseline })
            {
                let differences = zip(times[index], times[other]).map { $0 - $1 }
                row["compared_to"] = baseline
                row["overhead_vs_compared_ns"] = Statistics.median(differences)
            }
            return row
        }
        return [
            "kind": "overhead", "rounds": rounds, "count": count, "rows": rows,
            "allocation_counter": AllocationCounter.isActive
                ? "interposed glibc malloc/calloc/realloc/memalign" : "none",
        ]
    }

    struct Sample {
        let nanosecondsPerRequest: Double
        let allocationsPerRequest: Double
        let bytesPerRequest: Double
    }

    /// Sends `request` `count` times, one after another, and divides the elapsed time and allocations by `count`.
    static func measure(_ client: any HTTPClient, request: any HTTPRequest, count: Int) async throws -> Sample {
        let clock = ContinuousClock()
        let allocationsBefore = AllocationCounter.read()
        let start = clock.now
        for _ in 0..<count {
            let (_, response) = try await client.load(request: request)
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
        }
        let elapsed = clock.now - start
        let allocated = AllocationCounter.read() - allocationsBefore
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return Sample(
            nanosecondsPerRequest: nanoseconds / Double(count),
            allocationsPerRequest: Double(allocated.allocations) / Double(count),
            bytesPerRequest: Double(allocated.bytes) / Double(count))
    }

    struct Variant {
        let name: String
        let client: any HTTPClient
        var isFullChain = false
        /// Another variant this one is the same chain as, plus one layer: the row also reports the difference.
        var baseline: String?
    }

    /// The bare client first (the baseline), then each decorator alone, then the App's chains.
    static func variants() throws -> [Variant] {
        let transport = InstantClient()
        let token: @Sendable () async throws -> String = { "Bearer benchmark-token" }
        let baseURL = URL(filePath: "/")
        let factory = HTTPClientFactory(makeTransport: { _, _ in transport })
        let verbose = HTTPClientFactory(log: { _ in }, makeTransport: { _, _ in transport })
        let recording = HTTPClientFactory(recorder: HARRecorder(), makeTransport: { _, _ in transport })
        return [
            Variant(name: "bare in-memory client", client: transport),
            Variant(name: ".retrying()", client: transport.retrying()),
            Variant(name: ".authenticated(accessToken:)", client: transport.authenticated(accessToken: token)),
            Variant(
                name: ".refreshingAccessToken(stored:refresh:)",
                client: transport.refreshingAccessToken(stored: token, refresh: token)),
            Variant(name: ".handlingErrors()", client: transport.handlingErrors()),
            Variant(name: ".injecting(headers:)", client: transport.injecting(headers: ["User-Agent": "bench"])),
            Variant(name: ".validatingContentType()", client: transport.validatingContentType()),
            Variant(name: ".deduplicatingInFlightRequests()", client: transport.deduplicatingInFlightRequests()),
            Variant(name: ".loggingRequestAndResponse(to:)", client: transport.loggingRequestAndResponse(to: { _ in })),
            Variant(
                name: ".recording(to:baseURL:)", client: transport.recording(to: HARRecorder(), baseURL: baseURL),
                baseline: "bare in-memory client"),
            Variant(name: "App questionsClient chain", client: try factory.questionsClient(baseURL: baseURL)),
            Variant(
                name: "App questionsClient chain + recording (--record)",
                client: try recording.questionsClient(baseURL: baseURL), baseline: "App questionsClient chain"),
            Variant(
                name: "App tokenClient chain (full)",
                client: try factory.tokenClient(baseURL: baseURL, accessToken: token, refreshAccessToken: token),
                isFullChain: true),
            Variant(
                name: "App tokenClient chain + logging (--verbose)",
                client: try verbose.tokenClient(baseURL: baseURL, accessToken: token, refreshAccessToken: token)),
        ]
    }
}

/// A benchmark that could not run as intended.
enum BenchmarkError: Error, CustomStringConvertible {
    case unexpectedStatus(Int)
    case invalidURL(String)
    case referenceFailed(String)

    var description: String {
        switch self {
        case .unexpectedStatus(let status): "unexpected HTTP status \(status)"
        case .invalidURL(let url): "invalid URL \(url)"
        case .referenceFailed(let reason): "the reference client failed: \(reason)"
        }
    }
}

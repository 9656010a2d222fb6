import BenchmarkSupport
import Foundation
import HTTPCaching
import HTTPClient
import URLSessionInfrastructure

/// The cache's cost and benefit: a fresh hit from the memory store and from the disk store in process (against
/// the in-memory client alone), and over loopback a revalidated answer (`304`, stored body) against a full one.
///
/// Rounds alternate the sides; figures are medians over rounds.
struct CacheBenchmark {
    let baseURL: String
    let rounds: Int
    let count: Int
    let loopbackCount: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        rounds = try options.int("rounds", default: 7)
        count = try options.int("count", default: 20_000)
        loopbackCount = try options.int("loopback-count", default: 300)
    }

    func run() async throws -> [String: Any] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let origin = FreshClient(bodyBytes: 12_000)
        let request = BenchmarkRequest(path: "bench.json")
        let inProcess: [(String, any HTTPClient)] = [
            ("in-memory client alone", origin),
            ("memory-store hit", origin.caching(in: MemoryHTTPCacheStore())),
            ("disk-store hit", origin.caching(in: try DiskHTTPCacheStore(directory: directory))),
        ]
        let transport = try URLSessionClient.ephemeral(baseURL: baseURL)
        let page = BenchmarkRequest(
            path: "2.3/questions", query: ["site": "stackoverflow", "pagesize": "30", "filter": "withbody"])
        // The dev server's pages carry a Last-Modified: without the heuristic they are revalidated on every use.
        var revalidating = HTTPCachePolicy()
        revalidating.heuristicFreshness = nil
        let loopback: [(String, any HTTPClient)] = [
            ("full answer (URLSessionClient)", transport),
            ("revalidated answer (cache, 304)", transport.caching(in: MemoryHTTPCacheStore(), policy: revalidating)),
        ]
        for (_, client) in inProcess { _ = try await Self.measure(client, request, count: max(100, count / 10)) }
        for (_, client) in loopback { _ = try await Self.measure(client, page, count: 20) }
        var inProcessTimes = Array(repeating: [Double](), count: inProcess.count)
        var loopbackTimes = Array(repeating: [Double](), count: loopback.count)
        for round in 0..<rounds {
            for index in Self.order(inProcess.count, round) {
                inProcessTimes[index].append(try await Self.measure(inProcess[index].1, request, count: count))
            }
            for index in Self.order(loopback.count, round) {
                loopbackTimes[index].append(try await Self.measure(loopback[index].1, page, count: loopbackCount))
            }
            JSONOutput.note("cache: round \(round + 1)/\(rounds) done")
        }
        let (data, _) = try await transport.load(request: page)
        return [
            "kind": "cache", "rounds": rounds, "count": count, "loopback_count": loopbackCount,
            "body_bytes": origin.bodyBytes, "loopback_body_bytes": data.count,
            "in_process": inProcess.indices.map {
                ["name": inProcess[$0].0, "ns_per_request": Statistics.median(inProcessTimes[$0])]
            },
            "loopback": loopback.indices.map {
                ["name": loopback[$0].0, "ns_per_request": Statistics.median(loopbackTimes[$0])]
            },
        ]
    }

    /// The sides' order in `round`: rotated by one each round, reversed every other round.
    static func order(_ count: Int, _ round: Int) -> [Int] {
        let rotated = Array((0..<count).map { ($0 + round) % count })
        return round.isMultiple(of: 2) ? rotated.reversed() : rotated
    }

    /// Nanoseconds per request over `count` sequential loads that must all answer 200.
    static func measure(_ client: any HTTPClient, _ request: any HTTPRequest, count: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count {
            let (_, response) = try await client.load(request: request)
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
        }
        let elapsed = clock.now - start
        return (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
            / Double(count)
    }
}

/// An in-memory origin answering at once with a JSON body that stays fresh for an hour.
final class FreshClient: HTTPClient {
    let bodyBytes: Int
    private let data: Data
    private let response = HTTPResponse(
        statusCode: 200,
        headers: ["Content-Type": "application/json", "Cache-Control": "max-age=3600", "ETag": "\"bench\""])

    init(bodyBytes: Int) {
        self.bodyBytes = bodyBytes
        data = Data(("[" + String(repeating: "\"benchmark\",", count: bodyBytes / 12) + "0]").utf8)
    }

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        (data, response)
    }
}

import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient

/// Whether new TLS connections resume the session an earlier one negotiated: `count` sequential requests to
/// a server that closes every connection, sent by a new `CurlClient` each (as the App's chains are), on one
/// shared `CurlConnectionPool` and, side by side, each on its private pool.
///
/// Each request carries `side` and `n` in its query so the server's access log (which records
/// `$ssl_session_reused`) tells the sides apart; the figures come from that log. This reports the time of each
/// request, which includes the handshake.
struct TLSSessionBenchmark {
    let baseURL: String
    let path: String
    let certificateAuthorities: String
    let count: Int
    let rounds: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        certificateAuthorities = try options.string("ca")
        count = try options.int("count", default: 20)
        rounds = try options.int("rounds", default: 3)
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL) else { throw BenchmarkError.invalidURL(baseURL) }
        let authorities = URL(fileURLWithPath: certificateAuthorities)
        var milliseconds: [String: [Double]] = ["shared": [], "private": []]
        for round in 0..<rounds {
            // A new pool per round, so each round's first connection negotiates a new session.
            let pool = try CurlConnectionPool()
            for index in 0..<count {
                for side in ["shared", "private"] {
                    let client =
                        side == "shared"
                        ? try CurlClient(
                            baseURL: base, certificateAuthorities: authorities, proxy: .direct, pool: pool)
                        : try CurlClient(baseURL: base, certificateAuthorities: authorities, proxy: .direct)
                    let query = ["side": side, "n": "\(round * count + index)"]
                    let clock = ContinuousClock()
                    let started = clock.now
                    let (_, response) = try await client.load(request: BenchmarkRequest(path: path, query: query))
                    guard response.statusCode == 200 else {
                        throw BenchmarkError.unexpectedStatus(response.statusCode)
                    }
                    milliseconds[side, default: []].append(LoadSample.seconds(clock.now - started) * 1000)
                }
            }
        }
        return [
            "kind": "tls-sessions", "count": count, "rounds": rounds,
            "shared_median_ms": Statistics.median(milliseconds["shared"] ?? []),
            "private_median_ms": Statistics.median(milliseconds["private"] ?? []),
        ]
    }
}

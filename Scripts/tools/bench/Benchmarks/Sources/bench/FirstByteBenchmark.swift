import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientSupport

/// The first-byte time (`time_starttransfer`) `CurlClient` reports through ``HTTPExchangeObserver`` for a
/// server that waits `--delay-ms` before its head (`GET /faults/delay?ms=N` of Scripts/dev-server), against
/// the wall time of the same load measured around it, over `--rounds` sequential loads on one client.
struct FirstByteBenchmark {
    let baseURL: URL
    let delayMilliseconds: Int
    let rounds: Int

    init(_ options: Arguments) throws {
        let url = try options.string("url")
        guard let baseURL = URL(string: url) else { throw BenchmarkError.invalidURL(url) }
        self.baseURL = baseURL
        delayMilliseconds = try options.int("delay-ms", default: 300)
        rounds = try options.int("rounds", default: 7)
    }

    func run() async throws -> [String: Any] {
        let client = try CurlClient(baseURL: baseURL)
        let request = BenchmarkRequest(path: "faults/delay", query: ["ms": String(delayMilliseconds)])
        var firstBytes: [Double] = []
        var walls: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<rounds {
            let reported = LockedValue<Duration?>(nil)
            let observer = HTTPExchangeObserver { metrics in reported.withLock { $0 = metrics.firstByte } }
            let started = clock.now
            let (_, response) = try await observer.observing {
                try await client.load(request: request)
            }
            let wall = LoadSample.seconds(clock.now - started)
            guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            guard let firstByte = reported.withLock({ $0 }) else {
                throw BenchmarkError.referenceFailed("CurlClient reported no first-byte time")
            }
            firstBytes.append(LoadSample.seconds(firstByte))
            walls.append(wall)
            JSONOutput.note("first-byte: round \(round + 1)/\(rounds) done")
        }
        return [
            "kind": "first-byte", "delay_ms": delayMilliseconds, "rounds": rounds,
            "first_byte_seconds": firstBytes, "wall_seconds": walls,
        ]
    }
}

import BenchmarkSupport
import Foundation
import HTTPClient
import NetworkingComposition

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Live heap (`mallinfo2().uordblks`) left behind per request by each layer, after a warm-up: the raw
/// `URLSession`, the bare `URLSessionClient`, and the App's full chain over loopback and over the in-memory
/// client. Tells which layer keeps memory that grows with the number of requests.
struct RetentionBenchmark {
    let baseURL: String
    let path: String
    let total: Int
    let inFlight: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        total = try options.int("total", default: 5_000)
        inFlight = try options.int("in-flight", default: 64)
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL), let fileURL = URL(string: "\(baseURL)/\(path)") else {
            throw BenchmarkError.invalidURL(baseURL)
        }
        let configuration = URLSessionConfiguration.ephemeral
        let session = URLSession(configuration: configuration)
        let token: @Sendable () async throws -> String = { "Bearer benchmark-token" }
        let factory = HTTPClientFactory(requestTimeout: 30, log: { _ in })
        let memory = InstantClient()
        let inMemory = HTTPClientFactory(log: { _ in }, makeTransport: { _, _ in memory })
        let path = self.path
        let sides: [(String, @Sendable (Int) async throws -> Void)] = [
            (
                "raw URLSession.data(for:)",
                { index in
                    guard let url = URL(string: "\(fileURL.absoluteString)?n=\(index)") else { return }
                    _ = try await session.data(for: URLRequest(url: url))
                }
            ),
            Self.side(
                "URLSessionClient alone", try HTTPClientFactory.urlSessionTransport(baseURL: base, requestTimeout: 30),
                path),
            Self.side(
                "App tokenClient chain + logging, loopback",
                try factory.tokenClient(baseURL: base, accessToken: token, refreshAccessToken: token), path),
            Self.side(
                "App tokenClient chain + logging, in memory",
                try inMemory.tokenClient(baseURL: base, accessToken: token, refreshAccessToken: token), path),
            Self.side(
                "App questionsClient chain + logging, in memory", try inMemory.questionsClient(baseURL: base), path),
        ]
        var rows: [[String: Any]] = []
        for (name, send) in sides {
            _ = await LoadSample.measure(total: 500, inFlight: inFlight, send)
            let before = AllocationCounter.inUseBytes
            let sample = await LoadSample.measure(total: total, inFlight: inFlight, send)
            let after = AllocationCounter.inUseBytes
            rows.append([
                "side": name, "failures": sample.failures,
                "retained_bytes_per_request": (Double(after) - Double(before)) / Double(total),
            ])
        }
        return ["kind": "retention", "total": total, "in_flight": inFlight, "rows": rows]
    }

    private static func side(_ name: String, _ client: any HTTPClient, _ path: String)
        -> (String, @Sendable (Int) async throws -> Void)
    {
        (name, { index in _ = try await client.load(request: BenchmarkRequest(path: path, query: ["n": "\(index)"])) })
    }
}

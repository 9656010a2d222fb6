import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient

/// Whether a name that never resolves holds up `CurlClient`: run by Scripts/bench inside Scripts/hanging-resolver,
/// whose DNS server never answers, with `http_proxy` naming a host under its domain and `no_proxy=127.0.0.1`.
///
/// One round: a load redirected to 127.0.0.2 (so it goes through the proxy, whose name never resolves) is
/// cancelled once the DNS server was asked for the proxy's name; the figure is how long the cancelled load took
/// to return. Then `count` concurrent loads to the dev server on that client and on a client that never met the
/// hanging name, in the order A B B A; the figures are each client's mean of its two runs.
struct ResolverStallBenchmark {
    /// A round that could not be measured, and why.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The variable Scripts/hanging-resolver sets to its query FIFO, read when `--queries` is not given.
    static let queriesVariable = "CURL_TEST_HANGING_QUERIES"

    let baseURL: String
    let proxyHost: String
    let queries: String
    let count: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        proxyHost = try options.string("proxy-host")
        guard let queries = options.optional("queries") ?? ProcessInfo.processInfo.environment[Self.queriesVariable]
        else { throw Failure(description: "--queries or \(Self.queriesVariable) must name the query FIFO") }
        self.queries = queries
        count = try options.int("count", default: 20)
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL), let port = base.port else { throw BenchmarkError.invalidURL(baseURL) }
        let stalled = try CurlClient(baseURL: base, proxy: .environment)
        let fresh = try CurlClient(baseURL: base, proxy: .environment)
        let clock = ContinuousClock()
        let redirect = BenchmarkRequest(
            path: "faults/redirect", query: ["to": "http://127.0.0.2:\(port)/echo/resolving"])
        let hanging = Task { try await stalled.load(request: redirect) }
        try await QueryLog(path: queries).wait(for: proxyHost)
        let cancelled = clock.now
        hanging.cancel()
        let outcome = await hanging.result
        let cancelSeconds = LoadSample.seconds(clock.now - cancelled)
        guard case .failure(let error) = outcome, (error as? HTTPTransportError)?.kind == .cancelled else {
            throw Failure(description: "the hanging load did not end cancelled: \(outcome)")
        }
        // A B B A: each client once over new connections, then once over its kept ones.
        let after = try await concurrentSeconds(stalled)
        let alone = try await concurrentSeconds(fresh)
        let aloneAgain = try await concurrentSeconds(fresh)
        let afterAgain = try await concurrentSeconds(stalled)
        return [
            "kind": "resolver", "cancel_seconds": cancelSeconds, "count": count,
            "after_cancel_seconds": (after + afterAgain) / 2, "alone_seconds": (alone + aloneAgain) / 2,
        ]
    }

    /// Seconds for `count` concurrent loads of the dev server's echo route on `client`.
    private func concurrentSeconds(_ client: CurlClient) async throws -> Double {
        let clock = ContinuousClock()
        let started = clock.now
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await client.load(request: BenchmarkRequest(path: "echo/concurrent/\(index)")).1.statusCode
                }
            }
            for try await status in group where status != 200 { throw BenchmarkError.unexpectedStatus(status) }
        }
        return LoadSample.seconds(clock.now - started)
    }
}

/// The FIFO on which Scripts/hanging-resolver's DNS server writes every name it is asked for, one a line.
struct QueryLog {
    let path: String

    /// Returns once the DNS server was asked for `name`.
    func wait(for name: String) async throws {
        let path = path
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            // A blocking read, on a thread of its own rather than the cooperative pool.
            let thread = Thread { continuation.resume(with: Result { try Self.read(until: name, from: path) }) }
            thread.start()
        }
    }

    private static func read(until name: String, from path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ResolverStallBenchmark.Failure(description: "cannot open \(path)")
        }
        defer { try? handle.close() }
        var lines = ""
        while true {
            let data = handle.availableData
            guard !data.isEmpty else {
                throw ResolverStallBenchmark.Failure(description: "\(path) ended before a query for \(name)")
            }
            lines += String(decoding: data, as: UTF8.self)
            if lines.split(separator: "\n").contains(where: { $0.lowercased() == name.lowercased() }) { return }
        }
    }
}

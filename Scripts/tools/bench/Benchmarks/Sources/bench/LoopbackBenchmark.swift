import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import NetworkingComposition
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Throughput and latency over loopback: the App's chains over `URLSessionClient` and over `CurlClient`, each
/// transport alone (to tell the transport's cost from the decorators'), raw `URLSession.data(for:)` and outside
/// reference clients (the `curl` tool, wrk), against the same static JSON file.
///
/// Each round measures every side sequentially and then with `inFlight` requests at once, in an order
/// rotated each round; figures are medians over rounds, and a chain's ratio is the median of its per-round
/// ratios to raw URLSession in the same round. Every Swift request carries a unique `?n=` so that the
/// de-duplicating chain never merges two requests.
struct LoopbackBenchmark {
    let baseURL: String
    let path: String
    let rounds: Int
    let sequential: Int
    let concurrent: Int
    let inFlight: Int
    let references: [ReferenceClient]
    /// Only the sides whose names contain one of these (`--sides A,B`), for profiling one side; all when empty.
    let sideFilter: [String]

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        path = try options.string("path")
        rounds = try options.int("rounds", default: 5)
        sequential = try options.int("sequential", default: 500)
        concurrent = try options.int("concurrent", default: 2_000)
        inFlight = try options.int("in-flight", default: 64)
        sideFilter = options.optional("sides")?.split(separator: ",").map(String.init) ?? []
        let seconds = try options.int("reference-seconds", default: 2)
        references = try options.string("reference", default: "none").split(separator: ",").compactMap { name in
            guard let tool = ReferenceClient.Tool(rawValue: String(name)) else { return nil }
            let binary = try options.string("\(tool.rawValue)-binary", default: "/usr/bin/\(tool.rawValue)")
            return ReferenceClient(tool: tool, binary: binary, seconds: seconds)
        }
    }

    static let transportSide = "URLSessionClient alone (no decorators)"
    static let curlTransportSide = "CurlClient alone (no decorators)"

    /// One way of sending the benchmark request.
    struct Side {
        let name: String
        /// The transport alone that this side's chain runs over, for the chain's own cost.
        var transport: String?
        let send: (@Sendable (Int) async throws -> Void)?
        /// The outside tool that measures this side when `send` is nil.
        var reference: ReferenceClient?
        /// Times the transport inside this side's chain.
        var timer: TransportTimer?
    }

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL), let fileURL = URL(string: "\(baseURL)/\(path)") else {
            throw BenchmarkError.invalidURL(baseURL)
        }
        let sides = try makeSides(base: base, fileURL: fileURL).filter { side in
            sideFilter.isEmpty || sideFilter.contains { side.name.contains($0) }
        }
        let modes = [("sequential", 1, sequential), ("\(inFlight) in flight", inFlight, concurrent)]
        var samples: [String: [String: [LoadSample]]] = [:]
        for side in sides where side.send != nil {
            _ = await LoadSample.measure(total: 50, inFlight: 1, side.send ?? { _ in })  // warm the connection
        }
        for round in 0..<rounds {
            for (mode, connections, total) in modes {
                let shift = round % sides.count
                for side in Array(sides[shift...] + sides[..<shift]) {
                    var sample: LoadSample
                    if let send = side.send {
                        side.timer?.reset()
                        sample = await LoadSample.measure(total: total, inFlight: connections, send)
                        if let inside = side.timer?.meanMicroseconds {
                            sample.chainMicroseconds = sample.meanMicroseconds - inside
                        }
                    } else if let reference = side.reference {
                        sample = try reference.measure(
                            url: fileURL.absoluteString, connections: connections, requests: total)
                    } else {
                        continue
                    }
                    samples[mode, default: [:]][side.name, default: []].append(sample)
                }
            }
            JSONOutput.note("loopback: round \(round + 1)/\(rounds) done")
        }
        let rows = modes.flatMap { mode, _, _ in
            sides.compactMap { side -> [String: Any]? in
                guard let list = samples[mode]?[side.name], let raw = samples[mode]?[sides[0].name] else { return nil }
                let transport = samples[mode]?[side.transport ?? Self.transportSide] ?? []
                let ratios = zip(list, raw).map {
                    $1.requestsPerSecond > 0 ? $0.requestsPerSecond / $1.requestsPerSecond : 0
                }
                let transportRatios = zip(list, transport).map {
                    $1.requestsPerSecond > 0 ? $0.requestsPerSecond / $1.requestsPerSecond : 0
                }
                return [
                    "mode": mode, "side": side.name, "transport": side.transport ?? "",
                    "requests_per_second": Statistics.median(list.map(\.requestsPerSecond)),
                    "requests_per_second_by_round": list.map(\.requestsPerSecond),
                    "cpu_us_per_request_by_round": list.map(\.cpuMicrosecondsPerRequest),
                    "chain_us_per_request_by_round": list.compactMap(\.chainMicroseconds),
                    "context_switches_per_request_by_round": list.map(\.contextSwitchesPerRequest),
                    "p50_ms": Statistics.median(list.map(\.p50Milliseconds)),
                    "p99_ms": Statistics.median(list.map(\.p99Milliseconds)),
                    "ratio_to_raw": Statistics.median(ratios),
                    "ratio_to_transport": Statistics.median(transportRatios),
                    "failures": list.map(\.failures).reduce(0, +),
                    "first_error": list.compactMap(\.firstError).first ?? "",
                ]
            }
        }
        return [
            "kind": "loopback", "rounds": rounds, "sequential_requests": sequential,
            "concurrent_requests": concurrent, "in_flight": inFlight, "rows": rows,
        ]
    }

    private func makeSides(base: URL, fileURL: URL) throws -> [Side] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        let session = URLSession(configuration: configuration)
        let counter = Atomic<Int>(0)
        let unique: @Sendable () -> Int = { counter.add(1, ordering: .relaxed).newValue }
        let factory = HTTPClientFactory(requestTimeout: 30)
        let curlFactory = HTTPClientFactory(requestTimeout: 30, makeTransport: HTTPClientFactory.transport(.curl))
        let (timedSession, sessionTimer) = Self.timed(HTTPClientFactory.transport(.urlsession))
        let (timedCurl, curlTimer) = Self.timed(HTTPClientFactory.transport(.curl))
        let (transportTimer, curlTransportTimer) = (TransportTimer(), TransportTimer())
        let transport = TimedTransport(
            transport: try HTTPClientFactory.urlSessionTransport(baseURL: base, requestTimeout: 30),
            timer: transportTimer)
        let curlTransport = TimedTransport(transport: try CurlClient(baseURL: base), timer: curlTransportTimer)
        let token: @Sendable () async throws -> String = { "Bearer benchmark-token" }
        let path = self.path
        let fileURLString = fileURL.absoluteString
        let chainSend: @Sendable (any HTTPClient) -> @Sendable (Int) async throws -> Void = { client in
            { _ in
                let (_, response) = try await client.load(
                    request: BenchmarkRequest(path: path, query: ["n": "\(unique())"]))
                guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
            }
        }
        var sides = [
            Side(name: "raw URLSession.data(for:)") { _ in
                guard let url = URL(string: "\(fileURLString)?n=\(unique())") else {
                    throw BenchmarkError.invalidURL(fileURLString)
                }
                var request = URLRequest(url: url)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == 200 else { throw BenchmarkError.unexpectedStatus(status) }
            },
            Side(name: "raw URLSession.dataTask(with:completionHandler:)") { _ in
                guard let url = URL(string: "\(fileURLString)?n=\(unique())") else {
                    throw BenchmarkError.invalidURL(fileURLString)
                }
                var request = URLRequest(url: url)
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                let status: Int = try await withCheckedThrowingContinuation { continuation in
                    session.dataTask(with: request) { _, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                        }
                    }.resume()
                }
                guard status == 200 else { throw BenchmarkError.unexpectedStatus(status) }
            },
            Side(name: Self.transportSide, send: chainSend(transport), timer: transportTimer),
            Side(
                name: "App questionsClient chain over URLSessionClient", transport: Self.transportSide,
                send: chainSend(try factory.questionsClient(baseURL: base))),
            Side(
                name: "App tokenClient chain (full) over URLSessionClient", transport: Self.transportSide,
                send: chainSend(
                    try timedSession.tokenClient(baseURL: base, accessToken: token, refreshAccessToken: token)),
                timer: sessionTimer),
            Side(name: Self.curlTransportSide, send: chainSend(curlTransport), timer: curlTransportTimer),
            Side(
                name: "App questionsClient chain over CurlClient", transport: Self.curlTransportSide,
                send: chainSend(try curlFactory.questionsClient(baseURL: base))),
            Side(
                name: "App tokenClient chain (full) over CurlClient", transport: Self.curlTransportSide,
                send: chainSend(
                    try timedCurl.tokenClient(baseURL: base, accessToken: token, refreshAccessToken: token)),
                timer: curlTimer),
        ]
        for reference in references {
            sides.append(Side(name: "reference: \(reference.tool.rawValue)", send: nil, reference: reference))
        }
        return sides
    }

    /// A factory whose chains run over `makeTransport`'s client wrapped in a ``TimedTransport``, and its timer.
    private static func timed(
        _ makeTransport: @escaping HTTPClientFactory.MakeTransport
    ) -> (HTTPClientFactory, TransportTimer) {
        let timer = TransportTimer()
        let factory = HTTPClientFactory(
            requestTimeout: 30,
            makeTransport: { url, settings in
                TimedTransport(transport: try makeTransport(url, settings), timer: timer)
            })
        return (factory, timer)
    }
}

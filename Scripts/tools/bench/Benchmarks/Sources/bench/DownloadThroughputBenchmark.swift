import BenchmarkSupport
import CurlInfrastructure
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPTransfers
import NetworkingComposition
import URLSessionInfrastructure

/// Download throughput of one large static file (`v1/files/NAME` on nginx): `HTTPClient.download` over each
/// transport alone and through the App's files chain over each transport, against `curl -o` of the same URL.
///
/// Every side writes into `--directory` and its file is removed once its size is checked. Each round runs
/// every side once, in an order rotated by one each round; a side that fails records the error and goes on.
/// Beside each rate, the CPU time the side took per GiB (this process, or the curl tool as a child).
struct DownloadThroughputBenchmark {
    let baseURL: String
    let name: String
    let bytes: Int
    let rounds: Int
    let directory: URL
    let curl: String

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        name = try options.string("name")
        bytes = try options.int("bytes", default: 1 << 30)
        rounds = try options.int("rounds", default: 3)
        directory = URL(filePath: try options.string("directory"), directoryHint: .isDirectory)
        curl = try options.string("curl-binary", default: "/usr/bin/curl")
    }

    /// One way of downloading the file to a path.
    struct Side {
        let name: String
        let download: @Sendable (URL) async throws -> Void
    }

    func run() async throws -> [String: Any] {
        let sides = try makeSides()
        var rates = Array(repeating: [Double](), count: sides.count)
        var cpuPerGiB = Array(repeating: [Double](), count: sides.count)
        var errors = Array(repeating: [String](), count: sides.count)
        for round in 0..<rounds {
            let shift = round % sides.count
            for index in Array(sides.indices[shift...]) + Array(sides.indices[..<shift]) {
                let destination = directory.appendingPathComponent("download-\(index).bin")
                let clock = ContinuousClock()
                let cpuBefore = Self.cpuSeconds()
                let started = clock.now
                do {
                    try await sides[index].download(destination)
                    let seconds = LoadSample.seconds(clock.now - started)
                    let cpu = Self.cpuSeconds() - cpuBefore
                    let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int
                    guard size == bytes else { throw BenchmarkError.referenceFailed("wrote \(size ?? -1) bytes") }
                    rates[index].append(Double(bytes) / seconds)
                    cpuPerGiB[index].append(cpu * Double(1 << 30) / Double(bytes))
                } catch {
                    errors[index].append(String(describing: error))
                }
                for leftover in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(leftover))
                }
                JSONOutput.note("download: round \(round + 1)/\(rounds): \(sides[index].name) done")
            }
        }
        let rows: [[String: Any]] = sides.indices.map { index in
            [
                "side": sides[index].name, "bytes_per_second_by_round": rates[index],
                "bytes_per_second": Statistics.median(rates[index]), "failures": errors[index].count,
                "cpu_seconds_per_gib": Statistics.median(cpuPerGiB[index]),
                "first_error": errors[index].first ?? "",
            ]
        }
        return ["kind": "download-throughput", "bytes": bytes, "rounds": rounds, "rows": rows]
    }

    private func makeSides() throws -> [Side] {
        guard let base = URL(string: baseURL) else { throw BenchmarkError.invalidURL(baseURL) }
        let request = FilesAPI.file(name: name)
        let token: @Sendable () async throws -> String = { "Bearer benchmark-token" }
        let curlFactory = HTTPClientFactory(makeTransport: HTTPClientFactory.transport(.curl))
        let sessionFactory = HTTPClientFactory(makeTransport: HTTPClientFactory.transport(.urlsession))
        let clients: [(String, any HTTPClient)] = [
            ("CurlClient.download", try CurlClient(baseURL: base)),
            (
                "App files chain over CurlClient",
                try curlFactory.filesClient(baseURL: base, accessToken: token, refreshAccessToken: token)
            ),
            ("URLSessionClient.download", try URLSessionClient.ephemeral(baseURL: baseURL)),
            (
                "App files chain over URLSessionClient",
                try sessionFactory.filesClient(baseURL: base, accessToken: token, refreshAccessToken: token)
            ),
        ]
        let url = "\(baseURL)/v1/files/\(name)"
        let curl = self.curl
        return clients.map { name, client in
            Side(name: name) { try await client.download(request: request, to: $0) }
        } + [Side(name: "curl -o (the curl tool)") { try Self.runCurl(curl, url: url, to: $0) }]
    }

    /// CPU seconds (user + system) of this process and of its waited-for children (the curl tool) so far.
    private static func cpuSeconds() -> Double {
        var own = rusage()
        var children = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &own)
            getrusage(RUSAGE_CHILDREN.rawValue, &children)
        #else
            getrusage(RUSAGE_SELF, &own)
            getrusage(RUSAGE_CHILDREN, &children)
        #endif
        return [own.ru_utime, own.ru_stime, children.ru_utime, children.ru_stime].reduce(0) {
            $0 + Double($1.tv_sec) + Double($1.tv_usec) * 1e-6
        }
    }

    private static func runCurl(_ binary: String, url: String, to destination: URL) throws {
        let process = Process()
        process.executableURL = URL(filePath: binary)
        process.arguments = ["-s", "-f", "-o", destination.path, url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.referenceFailed("\(binary) exited with \(process.terminationStatus)")
        }
    }
}

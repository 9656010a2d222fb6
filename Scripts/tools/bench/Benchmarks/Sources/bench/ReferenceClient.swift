import BenchmarkSupport
import Foundation

/// A load generator outside the process (wrk, or curl), measured against the same URL for comparison.
struct ReferenceClient {
    enum Tool: String {
        case wrk
        case curl
    }

    let tool: Tool
    let binary: String
    let seconds: Int

    /// Runs the tool with `connections` requests in flight (1 = sequential) and reads its figures.
    func measure(url: String, connections: Int, requests: Int) throws -> LoadSample {
        switch tool {
        case .wrk: try measureWithWrk(url: url, connections: connections)
        case .curl: try measureWithCurl(url: url, connections: connections, requests: requests)
        }
    }

    /// `wrk --latency` for a fixed time: requests/s and the 50 % / 99 % latencies it prints.
    private func measureWithWrk(url: String, connections: Int) throws -> LoadSample {
        let threads = connections > 1 ? 2 : 1
        let output = try run([
            "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-H", "Accept: application/json", url,
        ])
        guard let rate = Self.number(after: "Requests/sec:", in: output),
            let p50 = Self.wrkLatency("50%", in: output), let p99 = Self.wrkLatency("99%", in: output)
        else { throw BenchmarkError.referenceFailed("unreadable wrk output: \(output)") }
        let errors = output.contains("Non-2xx or 3xx responses") || output.contains("Socket errors")
        return LoadSample(
            p50Milliseconds: p50 * 1000, p99Milliseconds: p99 * 1000, requestsPerSecond: rate, failures: errors ? 1 : 0,
            firstError: errors ? output : nil)
    }

    /// curl over one connection (`[1-N]` URL globbing), or `-Z --parallel-max` connections, timing each transfer.
    private func measureWithCurl(url: String, connections: Int, requests: Int) throws -> LoadSample {
        var arguments = [
            "-s", "-o", "/dev/null", "-H", "Accept: application/json", "-w", "%{http_code} %{time_total}\\n",
        ]
        if connections > 1 { arguments += ["-Z", "--parallel-max", "\(connections)", "--parallel-immediate"] }
        arguments.append("\(url)?n=[1-\(requests)]")
        let clock = ContinuousClock()
        let start = clock.now
        let output = try run(arguments)
        let elapsed = LoadSample.seconds(clock.now - start)
        var latencies: [Double] = []
        var failures = 0
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let time = Double(parts[1]) else { continue }
            if parts[0] != "200" { failures += 1 }
            latencies.append(time)
        }
        guard latencies.count == requests else {
            throw BenchmarkError.referenceFailed("curl reported \(latencies.count) of \(requests) transfers")
        }
        return LoadSample(latencies: latencies, failures: failures, elapsed: elapsed, firstError: nil)
    }

    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.referenceFailed("\(binary) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func number(after label: String, in output: String) -> Double? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
        return line.split(separator: " ").last.flatMap { Double($0) }
    }

    /// A latency line of `wrk --latency`, such as `     99%    1.23ms`, in seconds.
    private static func wrkLatency(_ label: String, in output: String) -> Double? {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = lines.first(where: { $0.hasPrefix(label + " ") || $0.hasPrefix(label + "\t") }),
            let value = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last
        else { return nil }
        let units: [(String, Double)] = [("us", 1e-6), ("ms", 1e-3), ("s", 1), ("m", 60)]
        for (unit, scale) in units where value.hasSuffix(unit) {
            return Double(value.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}

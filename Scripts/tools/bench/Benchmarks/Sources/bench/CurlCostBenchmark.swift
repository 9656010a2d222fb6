import BenchmarkSupport
import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPTransfers

/// Part 15: `CurlClient` against the curl tool (the same libcurl) doing the same work over loopback, with the
/// wall time and the CPU time of each side in every round.
///
/// Scenarios (`--scenario`): `upload` sends `--file` with `PUT` (`curl -T`), `multipart` sends it as a
/// `MultipartForm` file part with `POST` (`curl -F`), both to a server that reads the body and answers with the
/// number of bytes it read (checked); `sequential` loads `--path` `--count` times one after the other (the curl
/// tool reads the same URLs in one process by URL globbing); `concurrent` loads it `--count` times with
/// `--in-flight` at a time (`curl -Z --parallel-max`). Round 0 is a warm-up, not counted; in every round the
/// two sides run one after the other, in an order that alternates. Each round also times a curl process that
/// makes one request, what the tool's start-up costs. Every request's query names its side (`side=client` or
/// `side=curl`) and round (`r=w` for the warm-up), so the server's log can count the connections each opened.
/// The client's CPU is this process's (`getrusage`, every thread); the tool's is the child's (`wait4`).
struct CurlCostBenchmark {
    enum Scenario: String {
        case upload, multipart, sequential, concurrent
    }

    let scenario: Scenario
    let baseURL: URL
    let path: String
    let file: URL?
    let rounds: Int
    let count: Int
    let inFlight: Int
    let curl: String

    init(_ options: Arguments) throws {
        let name = try options.string("scenario")
        guard let scenario = Scenario(rawValue: name) else {
            throw BenchmarkError.referenceFailed(
                "unknown --scenario \(name): upload, multipart, sequential, concurrent")
        }
        let url = try options.string("url")
        guard let baseURL = URL(string: url) else { throw BenchmarkError.invalidURL(url) }
        self.scenario = scenario
        self.baseURL = baseURL
        path = try options.string("path")
        file = options.optional("file").map { URL(filePath: $0) }
        rounds = try options.int("rounds", default: 7)
        count = try options.int("count", default: 2000)
        inFlight = try options.int("in-flight", default: 64)
        curl = try options.string("curl-binary", default: "/usr/bin/curl")
        if scenario == .upload || scenario == .multipart, file == nil {
            throw BenchmarkError.referenceFailed("--scenario \(name) needs --file")
        }
    }

    /// The figures of one side over the counted rounds.
    private struct Side {
        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        var contextSwitches: [Int] = []
        var errors: [String] = []

        func json(_ name: String) -> [String: Any] {
            [
                "side": name, "seconds_by_round": seconds, "cpu_seconds_by_round": cpuSeconds,
                "context_switches_by_round": contextSwitches,
                "failures": errors.count, "first_error": errors.first ?? "",
            ]
        }
    }

    func run() async throws -> [String: Any] {
        let client = try CurlClient(baseURL: baseURL, proxy: .direct)
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-curl-cost-\(getpid()).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var sides = [Side(), Side()]
        var startup: [Double] = []
        for round in 0...rounds {
            let tag = round == 0 ? "w" : "\(round)"
            for index in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                let before = IdleWaitBenchmark.processCPUSeconds()
                let switchesBefore = IdleWaitBenchmark.processContextSwitches()
                let clock = ContinuousClock()
                let started = clock.now
                var seconds = 0.0
                var cpu = 0.0
                do {
                    if index == 0 {
                        try await clientSide(client, tag: tag)
                        seconds = LoadSample.seconds(clock.now - started)
                        cpu = IdleWaitBenchmark.processCPUSeconds() - before
                        if round > 0 {
                            sides[index].contextSwitches.append(
                                IdleWaitBenchmark.processContextSwitches() - switchesBefore)
                        }
                    } else {
                        let outcome = try ChildProcess.run(curlArguments(tag: tag), output: output)
                        try checkCurl(outcome, output: output)
                        (seconds, cpu) = (outcome.seconds, outcome.cpuSeconds)
                    }
                    if round > 0 {
                        sides[index].seconds.append(seconds)
                        sides[index].cpuSeconds.append(cpu)
                    }
                } catch {
                    sides[index].errors.append(String(describing: error))
                }
            }
            let one = try ChildProcess.run(
                [curl, "-s", "-o", "/dev/null", url(side: "startup", tag: tag)], output: output)
            if round > 0, one.exitCode == 0 { startup.append(one.cpuSeconds) }
            JSONOutput.note("curl-cost \(scenario.rawValue): round \(round)/\(rounds) done")
        }
        return [
            "kind": "curl-cost", "scenario": scenario.rawValue, "rounds": rounds, "count": count,
            "in_flight": inFlight, "bytes": try fileSize(), "curl_startup_cpu_seconds_by_round": startup,
            "curl_command": curlArguments(tag: "R").dropFirst().joined(separator: " "),
            "sides": [sides[0].json("CurlClient"), sides[1].json("curl tool")],
        ]
    }

    private func fileSize() throws -> Int {
        guard let file else { return 0 }
        return try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    }

    private func url(side: String, tag: String) -> String {
        "\(baseURL.absoluteString)/\(path)?side=\(side)&r=\(tag)"
    }

    private func clientSide(_ client: CurlClient, tag: String) async throws {
        let query = ["side": "client", "r": tag]
        switch scenario {
        case .upload, .multipart:
            guard let file else { return }
            var headers: HTTPHeaders = [:]
            let body: HTTPBody
            if scenario == .upload {
                body = try HTTPBody(contentsOf: file)
            } else {
                var form = MultipartForm()
                try form.append(name: "file", fileURL: file)
                headers["Content-Type"] = form.contentType
                body = form.makeBody()
            }
            let request = SinkRequest(
                method: scenario == .upload ? .put : .post, path: path, headers: headers, queryParameter: query)
            let (status, answer) = try await client.stream(request: request, body: body, progress: nil) {
                response, received in (response.statusCode, try await received.collect(upTo: 64))
            }
            guard status == 200, case .known(let length) = body.length,
                String(decoding: answer, as: UTF8.self) == "\(length)"
            else { throw BenchmarkError.referenceFailed("the sink answered \(status) and read \(answer.count) digits") }
        case .sequential:
            for number in 0..<count {
                try await load(client, query: query, number: number)
            }
        case .concurrent:
            try await withThrowingTaskGroup(of: Void.self) { group in
                for number in 0..<count {
                    if number >= inFlight { try await group.next() }
                    group.addTask { try await load(client, query: query, number: number) }
                }
                try await group.waitForAll()
            }
        }
    }

    private func load(_ client: CurlClient, query: [String: String], number: Int) async throws {
        var parameters = query
        parameters["n"] = "\(number)"
        let (_, response) = try await client.load(request: BenchmarkRequest(path: path, query: parameters))
        guard response.statusCode == 200 else { throw BenchmarkError.unexpectedStatus(response.statusCode) }
    }

    private func curlArguments(tag: String) -> [String] {
        let target = url(side: "curl", tag: tag)
        switch scenario {
        case .upload: return [curl, "-s", "-f", "-T", file?.path ?? "", target]
        case .multipart: return [curl, "-s", "-f", "-F", "file=@\(file?.path ?? "")", target]
        case .sequential, .concurrent:
            let parallel =
                scenario == .concurrent ? ["-Z", "--parallel-max", "\(inFlight)", "--parallel-immediate"] : []
            return [curl, "-s", "-H", "Accept: application/json", "-o", "/dev/null", "-w", "%{http_code}\\n"]
                + parallel + ["\(target)&n=[1-\(count)]"]
        }
    }

    /// The tool exited 0 and, for an upload, the server read the whole file (a form holds a little more).
    private func checkCurl(_ outcome: ChildProcess.Outcome, output: String) throws {
        guard outcome.exitCode == 0 else {
            throw BenchmarkError.referenceFailed("curl exited with \(outcome.exitCode)")
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        switch scenario {
        case .upload, .multipart:
            let read = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            let size = try fileSize()
            guard scenario == .upload ? read == size : read > size else {
                throw BenchmarkError.referenceFailed("the sink read \(read) bytes of curl's \(size)")
            }
        case .sequential, .concurrent:
            let answered = text.split(separator: "\n").filter { $0 == "200" }.count
            guard answered == count else {
                throw BenchmarkError.referenceFailed("curl got \(answered) of \(count) 200s")
            }
        }
    }
}

/// A request with a body to the discarding server: `PUT` or `POST` of `path`, with the side and round in the query.
private struct SinkRequest: HTTPRequest {
    let method: HTTPMethod
    let path: HTTPPath
    let version: HTTPVersion = ""
    let headers: HTTPHeaders?
    let queryParameter: HTTPQueryParameter?
}

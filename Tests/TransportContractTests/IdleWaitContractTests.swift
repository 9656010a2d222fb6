import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// CPU while a load waits: the server holds the answer for 3 s on a new connection.
///
/// The wait runs in a process of its own (a Swift Testing exit test), so other tests running in parallel add
/// nothing to the process CPU time it measures. A transport that sleeps in `poll` uses a few milliseconds; one
/// that spins uses up to 3 s. The bound, 0.3 s (a tenth of a core), is twice what a sleeping transport may
/// claim (5 % of a core).
@Suite("Contract: CPU while waiting")
struct IdleWaitContractTests {
    static let waitMilliseconds = 3_000
    static let maximumCPUSeconds = 0.3

    @Test("waiting 3 s for an answer on a new connection costs at most 0.3 CPU seconds", arguments: Transport.allCases)
    func idleWhileWaiting(transport: Transport) async throws {
        try await DevServer.run { server in
            let baseURL = server.baseURL.absoluteString
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                [transport = transport as Transport, baseURL = baseURL as String] in
                guard let url = URL(string: baseURL) else { exit(2) }
                let client = try transport.makeClient(baseURL: url)
                let request = devRequest(.get, "faults/delay", query: ["ms": "\(Self.waitMilliseconds)"])
                let before = ProcessCPU.seconds()
                let (_, response) = try await client.load(request: request)
                let used = ProcessCPU.seconds() - before
                print(response.statusCode == 200 ? "cpu-seconds=\(used)" : "status \(response.statusCode)")
            }
            let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
            let used = try #require(Self.cpuSeconds(in: output), "the waiting process printed \(output)")
            try await transport.expecting(.busyWaitOnNewConnection) {
                #expect(used <= Self.maximumCPUSeconds, "\(transport) used \(used) CPU s while waiting")
            }
        }
    }

    /// The figure after `cpu-seconds=` in the waiting process's output.
    private static func cpuSeconds(in output: String) -> Double? {
        output.split(separator: "\n").lazy.compactMap { line in
            line.hasPrefix("cpu-seconds=") ? Double(line.dropFirst("cpu-seconds=".count)) : nil
        }
        .first
    }
}

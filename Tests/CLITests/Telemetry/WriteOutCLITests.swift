import Foundation
import HTTPClientTestSupport
import Testing

/// `--write-out FORMAT` (`-w`) against the local backend: curl's variables on standard error after each exchange.
@Suite(.timeLimit(.minutes(1)))
struct WriteOutCLITests {
    static let format =
        "WO %{method} %{http_code} %{url_effective} %{http_version} %{remote_ip} %{remote_port} %{num_redirects} "
        + "%{size_download} %{time_namelookup} %{time_connect} %{time_appconnect} %{time_pretransfer} "
        + "%{time_starttransfer} %{time_total}\\n"

    @Test func overCurlEachExchangeWritesItsMeasuredValues() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["token", "--transport", "curl", "-w", Self.format], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let lines = Self.lines(in: outcome.stderr)
            let urls = ["v1/auth/token", "v1/token"].map { server.baseURL.appendingPathComponent($0).absoluteString }
            #expect(
                lines.map { Array($0.prefix(3)) } == [["POST", "200", urls[0]], ["GET", "200", urls[1]]],
                "\(outcome)")
            for fields in lines {
                #expect(fields[3...6] == ["1.1", "127.0.0.1", "\(server.port)", "0"], "\(fields)")
                #expect(Int(fields[7]).map { $0 > 0 } == true, "\(fields)")
                let times = fields[8...].map { Self.seconds($0) }
                #expect(times.allSatisfy { $0 != nil }, "\(fields)")
                #expect(fields[10] == "0.000000", "no TLS over plain HTTP")
                let (pretransfer, starttransfer, total) = (times[3] ?? 0, times[4] ?? 0, times[5] ?? 0)
                #expect(pretransfer <= starttransfer && starttransfer <= total && total > 0, "\(fields)")
            }
        }
    }

    @Test func overURLSessionOnLinuxTheUnmeasuredValuesAreEmpty() async throws {
        #if os(Linux)
            try await withDevServer { server in
                let outcome = try await NetworkingBinary.run(
                    [
                        "token", "--transport", "urlsession", "--write-out",
                        "%{method} %{http_code}|%{time_total}|"
                            + "%{remote_ip}|%{http_version}\\n",
                    ], environment: server.environment())

                #expect(outcome.status == 0, "\(outcome)")
                #expect(outcome.stderr == "POST 200|||\nGET 200|||\n")
            }
        #endif
    }

    @Test func anUnknownVariableIsAUsageErrorBeforeAnyRequest() async throws {
        let outcome = try await NetworkingBinary.runOffline(["token", "-w", "%{http_code} %{bogus}"])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("networking: --write-out: unknown variable %{bogus}"), "\(outcome)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func anUnclosedVariableIsAUsageError() async throws {
        let outcome = try await NetworkingBinary.runOffline(["token", "--write-out", "%{http_code"])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("'%{' without its closing '}'"), "\(outcome)")
    }

    /// The fields of each line of `text` that starts with `prefix`, split at spaces, `prefix` dropped when it is
    /// the marker `WO`.
    static func lines(in text: String, prefix: String = "WO") -> [[String]] {
        text.split(separator: "\n").filter { $0.hasPrefix(prefix + " ") }.map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            return prefix == "WO" ? Array(fields.dropFirst()) : fields
        }
    }

    /// `text` as seconds when it has curl's form, digits and six decimals.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return Double(text)
    }
}

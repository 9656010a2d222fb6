import BenchmarkSupport
import Foundation

// soak --url http://127.0.0.1:PORT [--total 10000] [--concurrency 16] [--max-seconds 240] [--expire-every 22]
//      [--request-timeout 2] [--max-attempts 6] [--base-delay-ms 5] [--max-delay-ms 2000] [--post-percent 10]
// Drives the App's chains against Scripts/dev-server in fault mode (started by Scripts/soak) and prints one
// JSON line with what the client and the server saw; progress goes to standard error.
do {
    let options = try Arguments(Array(CommandLine.arguments.dropFirst()))
    JSONOutput.emit(try await SoakRun(options).run())
} catch {
    JSONOutput.note("soak: \(error)")
    exit(1)
}

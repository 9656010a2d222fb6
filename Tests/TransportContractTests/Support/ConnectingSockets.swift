import Foundation
import HTTPClientTestSupport

/// The IPv4 TCP sockets of this machine that are still connecting (`SYN_SENT`) to a loopback port, read from
/// the kernel's table `/proc/net/tcp` (Linux only; elsewhere the table is unknown and reads as nil).
enum ConnectingSockets {
    /// How many sockets are connecting to `port`; nil where the kernel's table cannot be read.
    static func count(toPort port: Int) -> Int? {
        states(toPort: port).map { $0.filter { $0 == synSent }.count }
    }

    /// Returns once `condition` holds for the count of sockets connecting to `port` (at once where the table
    /// cannot be read). The kernel sends no notification for a SYN, so this reads the table every 10 ms, for
    /// at most 30 s, then throws.
    static func waitUntil(port: Int, _ expectation: String, _ condition: (Int) -> Bool) async throws {
        for _ in 0..<3_000 {
            guard let count = count(toPort: port) else { return }
            if condition(count) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        let states = states(toPort: port).map { $0.joined(separator: ",") } ?? "unknown"
        throw LoopbackListener.Failure(
            description: "expected \(expectation) socket(s) connecting to port \(port) within 30 s; "
                + "the states of the sockets towards it are [\(states)] (02 is SYN_SENT)")
    }

    private static let synSent = "02"

    /// The state (hex, as the kernel lists it) of every socket whose remote port is `port`.
    private static func states(toPort port: Int) -> [String]? {
        #if os(Linux)
            // Read to the end: the kernel reports the file's size as 0 and serves it a page at a time.
            guard let handle = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return nil }
            defer { try? handle.close() }
            guard let bytes = try? handle.readToEnd() else { return nil }
            let table = String(decoding: bytes, as: UTF8.self)
            let remotePort = ":" + String(format: "%04X", port)
            return table.split(separator: "\n").dropFirst().compactMap { line in
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[2].hasSuffix(remotePort) else { return nil }
                return String(fields[3])
            }
        #else
            nil
        #endif
    }
}

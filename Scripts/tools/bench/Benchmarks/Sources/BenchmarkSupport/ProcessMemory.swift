import Foundation

/// The process's memory as Linux reports it in `/proc/self/status`.
public struct ProcessMemory: Sendable {
    /// Resident set size now (`VmRSS`), in bytes.
    public let residentBytes: Int
    /// The highest resident set size so far (`VmHWM`), in bytes.
    public let peakResidentBytes: Int

    /// Reads `/proc/self/status`; `nil` where it does not exist (not Linux).
    public static func current() -> ProcessMemory? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        var fields: [String: Int] = [:]
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") || line.hasPrefix("VmHWM:") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let kilobytes = Int(parts[1]) else { continue }
            fields[String(parts[0].dropLast())] = kilobytes * 1024
        }
        guard let resident = fields["VmRSS"], let peak = fields["VmHWM"] else { return nil }
        return ProcessMemory(residentBytes: resident, peakResidentBytes: peak)
    }
}

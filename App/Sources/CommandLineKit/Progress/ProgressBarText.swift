/// The text of one progress bar line: the bar, the share done, the bytes, the rate and the time left.
///
/// `report.bin [######------]  50%  1.5 MiB / 3.0 MiB  512.0 KiB/s  0:03 left`; with an unknown total, the
/// bytes and the rate alone. Only printable characters: the caller adds the terminal's redraw codes.
public enum ProgressBarText {
    private static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    /// One line for `completed` of `total` bytes moving at `bytesPerSecond` (`nil`: not measured yet).
    /// - Parameters:
    ///   - label: What moves, shown first (control characters made visible).
    ///   - completed: Bytes moved so far.
    ///   - total: The whole size, or `nil` when unknown.
    ///   - bytesPerSecond: The measured rate, or `nil` before there is one.
    ///   - barWidth: Characters between the brackets.
    public static func line(
        label: String, completed: Int64, total: Int64?, bytesPerSecond: Double?, barWidth: Int = 24
    ) -> String {
        var parts = [TerminalText.sanitized(label)]
        let rate = bytesPerSecond.map { "\(bytes(Int64($0.rounded())))/s" } ?? "--/s"
        guard let total, total >= 0 else {
            parts += [bytes(completed), rate]
            return parts.joined(separator: "  ")
        }
        let fraction = total == 0 ? 1 : min(1, max(0, Double(completed) / Double(total)))
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let percent = String(Int((fraction * 100).rounded(.down)))
        parts.append("[\(bar)] \(String(repeating: " ", count: max(0, 3 - percent.count)))\(percent)%")
        parts += ["\(bytes(completed)) / \(bytes(total))", rate]
        if let bytesPerSecond, bytesPerSecond > 0 {
            let left = Double(max(0, total - completed)) / bytesPerSecond
            parts.append("\(duration(seconds: Int64(left.rounded(.up)))) left")
        } else {
            parts.append("--:-- left")
        }
        return parts.joined(separator: "  ")
    }

    /// `count` bytes with binary units: `512 B`, `1.5 KiB`, `2.0 GiB`.
    public static func bytes(_ count: Int64) -> String {
        guard count >= 1024 || count <= -1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while abs(value) >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10) \(units[unit])"
    }

    /// `seconds` as `M:SS`, or `H:MM:SS` from an hour on.
    public static func duration(seconds: Int64) -> String {
        let total = max(0, seconds)
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        let paddedSeconds = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(paddedSeconds)" }
        return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(paddedSeconds)"
    }
}

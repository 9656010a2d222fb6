/// Progress lines that fit a terminal's width, so a redraw never wraps onto a second line (which `\r` cannot
/// take back).
extension ProgressBarText {
    /// The narrowest bar drawn; below it the bar goes and the percentage stays.
    static let narrowestBar = 10

    /// ``line(label:completed:total:bytesPerSecond:barWidth:)`` in at most `columns - 1` columns (the last column
    /// would make some terminals wrap): the time left goes first, then the rate, then the bar shrinks and goes,
    /// then the label is shortened with `…`.
    public static func line(
        label: String, completed: Int64, total: Int64?, bytesPerSecond: Double?, columns: Int
    ) -> String {
        let room = max(1, columns - 1)
        let label = TerminalText.sanitized(label)
        var candidates: [[String]] = []
        for (rate, left) in [(true, true), (true, false), (false, false)] {
            candidates.append(
                parts(label, completed, total, bytesPerSecond, barWidth: 24, rate: rate, left: left))
        }
        let fixed = parts(label, completed, total, bytesPerSecond, barWidth: 0, rate: false, left: false)
        let spare = room - TerminalWidth.columns(fixed.joined(separator: "  "))
        if spare >= narrowestBar {
            candidates.append(
                parts(label, completed, total, bytesPerSecond, barWidth: min(24, spare), rate: false, left: false))
        }
        candidates.append(parts(label, completed, total, bytesPerSecond, barWidth: nil, rate: false, left: false))
        for candidate in candidates {
            let text = candidate.joined(separator: "  ")
            if TerminalWidth.columns(text) <= room { return text }
        }
        let tail = "  " + candidates[candidates.count - 1].dropFirst().joined(separator: "  ")
        let labelRoom = room - TerminalWidth.columns(tail)
        guard labelRoom >= 2 else { return TerminalWidth.prefix(label, columns: room) }
        return TerminalWidth.prefix(label, columns: labelRoom - 1) + "…" + tail
    }

    /// The pieces of one line: the label, then (with a known total) the bar and percentage (`barWidth` `nil`:
    /// the percentage alone), the bytes, and optionally the rate and the time left.
    private static func parts(
        _ label: String, _ completed: Int64, _ total: Int64?, _ bytesPerSecond: Double?, barWidth: Int?,
        rate: Bool, left: Bool
    ) -> [String] {
        var parts = [label]
        let rateText = bytesPerSecond.map { "\(bytes(Int64($0.rounded())))/s" } ?? "--/s"
        guard let total, total >= 0 else { return parts + [bytes(completed)] + (rate ? [rateText] : []) }
        let fraction = total == 0 ? 1 : min(1, max(0, Double(completed) / Double(total)))
        let percent = String(Int((fraction * 100).rounded(.down)))
        let paddedPercent = String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
        if let barWidth {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            parts.append("[\(bar)] \(paddedPercent)")
        } else {
            parts.append(paddedPercent)
        }
        parts.append("\(bytes(completed)) / \(bytes(total))")
        if rate { parts.append(rateText) }
        if left {
            if let bytesPerSecond, bytesPerSecond > 0 {
                let seconds = Double(max(0, total - completed)) / bytesPerSecond
                parts.append("\(duration(seconds: Int64(seconds.rounded(.up)))) left")
            } else {
                parts.append("--:-- left")
            }
        }
        return parts
    }
}

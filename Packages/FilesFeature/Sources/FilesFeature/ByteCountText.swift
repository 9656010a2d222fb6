/// Byte counts as short text with binary units: `512 B`, `1.5 KiB`, `2.0 GiB`.
public enum ByteCountText {
    private static let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]

    /// `count` in the largest unit that keeps the number at least 1, with one decimal beyond bytes.
    public static func text(_ count: Int64) -> String {
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
}

/// Short counts for scores, answers, views and reputation: `999`, `1.2k`, `12.3k`, `123k`, `2.3m`, `1.5b`.
///
/// Rounds half up to three significant digits at most and drops a trailing `.0` (`1000` → `1k`). Pure integer
/// arithmetic: the same output on every machine and in every locale.
///
/// No locale separators: `1234` is `1.2k`, never "1.234", which reads as one-point-two or as one thousand
/// depending on the locale. Exactly 1000 is `1k`, and millions and beyond get their own suffix.
public enum CompactNumber {
    private static let units: [(size: UInt, suffix: String)] = [
        (1_000, "k"), (1_000_000, "m"), (1_000_000_000, "b"), (1_000_000_000_000, "t"),
    ]

    /// `value` in its short form.
    public static func format(_ value: Int) -> String {
        let magnitude = value.magnitude
        guard magnitude >= 1_000 else { return String(value) }
        let sign = value < 0 ? "-" : ""
        for (position, unit) in units.enumerated() {
            let tenths = (magnitude + unit.size / 20) / (unit.size / 10)
            if tenths < 1_000 {
                let fraction = tenths % 10 == 0 ? "" : ".\(tenths % 10)"
                return "\(sign)\(tenths / 10)\(fraction)\(unit.suffix)"
            }
            let whole = (magnitude + unit.size / 2) / unit.size
            if whole < 1_000 || position == units.count - 1 {
                return "\(sign)\(whole)\(unit.suffix)"
            }
        }
        return String(value)
    }
}

/// Whole numbers with comma thousands separators (`1234567` → `1,234,567`), in every locale.
public enum GroupedNumber {
    /// `value` with its digits grouped by three.
    public static func format(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}

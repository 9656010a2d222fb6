import Foundation

/// Dates as text, in UTC and English, the same on every machine: "3 hours ago", "Nov 13, 2024",
/// "Nov 13, 2024 at 10:05 UTC".
public enum DateText {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Far enough from 1970 for any real date; further out only "an unknown date" is shown.
    private static let supportedSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// How long before `now` the date was, within a week ("just now", "5 min ago", "1 hour ago",
    /// "3 days ago"); otherwise (and for dates after `now`) the absolute date, like "Nov 13, 2024".
    public static func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds >= 0, seconds < 7 * 86_400 else { return day(date) }
        let elapsed = Int(seconds)
        switch elapsed {
        case ..<60: return "just now"
        case ..<3_600: return "\(elapsed / 60) min ago"
        case ..<86_400: return counted(elapsed / 3_600, "hour") + " ago"
        default: return counted(elapsed / 86_400, "day") + " ago"
        }
    }

    /// The day in UTC, like "Nov 13, 2024".
    public static func day(_ date: Date) -> String {
        guard let parts = CivilDate(date) else { return "an unknown date" }
        return "\(months[parts.month - 1]) \(parts.day), \(parts.year)"
    }

    /// The day and time in UTC, like "Nov 13, 2024 at 10:05 UTC".
    public static func dayAndTime(_ date: Date) -> String {
        guard let parts = CivilDate(date) else { return "an unknown date" }
        let time = "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
        return "\(months[parts.month - 1]) \(parts.day), \(parts.year) at \(time) UTC"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A UTC calendar date computed with integer arithmetic (Howard Hinnant's `civil_from_days`).
    private struct CivilDate {
        let year: Int
        let month: Int
        let day: Int
        let hour: Int
        let minute: Int

        init?(_ date: Date) {
            let interval = date.timeIntervalSince1970.rounded(.down)
            guard DateText.supportedSeconds.contains(interval) else { return nil }
            let seconds = Int(interval)
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            let shifted = days + 719_468
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153
            day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
            month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
            year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            hour = secondOfDay / 3_600
            minute = secondOfDay % 3_600 / 60
        }
    }
}

import Foundation

/// Dates as text, in UTC and English, the same on every machine: "3 hours ago", "Nov 13, 2024",
/// "Nov 13, 2024 at 10:05 UTC".
public enum DateText {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Far enough from 1970 for any real date; further out only "an unknown date" is shown.
    private static let supportedSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799
    /// The Gregorian calendar in UTC, where every date is read.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

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
        guard let parts = parts(of: date) else { return "an unknown date" }
        return "\(months[parts.month - 1]) \(parts.day), \(parts.year)"
    }

    /// The day and time in UTC, like "Nov 13, 2024 at 10:05 UTC".
    public static func dayAndTime(_ date: Date) -> String {
        guard let parts = parts(of: date) else { return "an unknown date" }
        let time = "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
        return "\(months[parts.month - 1]) \(parts.day), \(parts.year) at \(time) UTC"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The date's fields in the UTC Gregorian calendar, or `nil` outside the supported years.
    private static func parts(of date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int)? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard supportedSeconds.contains(seconds) else { return nil }
        let fields = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: seconds))
        guard let year = fields.year, let month = fields.month, (1...12).contains(month), let day = fields.day,
            let hour = fields.hour, let minute = fields.minute
        else { return nil }
        return (year, month, day, hour, minute)
    }
}

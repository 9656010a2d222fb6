// Compiled into the harnesses that check HTTP-date round trips: formats a date as IMF-fixdate
// (`Sun, 06 Nov 1994 08:49:37 GMT`) by hand, so the check does not lean on the parser it checks.

import Foundation

enum IMFFixdate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// `date` as IMF-fixdate, or `nil` for a date outside years 0...9999 or not on a whole second.
    static func format(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.rounded() == seconds, abs(seconds) < 400_000_000_000 else { return nil }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(pad(day, 2)) \(months[month - 1]) \(pad(year, 4)) "
            + "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)) GMT"
    }

    /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date `days` after 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

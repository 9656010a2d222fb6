import Foundation

/// A date as ISO 8601 text in UTC, to the second (`2024-02-29T23:59:59Z`): what `JSONEncoder`'s `.iso8601`
/// strategy writes, worked out with integer arithmetic.
///
/// `.iso8601` makes a time zone and a calendar first, which loads ICU's time zone data: about half a
/// millisecond of every `--json` command, measured in process. Dates before 1970 or after 9999 are rare
/// enough to go through Foundation's formatter.
enum ISO8601Text {
    /// Seconds from 1970 to the end of 9999.
    private static let endOf9999: Int64 = 253_402_300_800

    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard interval >= 0, interval < Double(endOf9999) else { return date.formatted(.iso8601) }
        let seconds = Int64(interval)
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T"
            + "\(digits(time / 3600, 2)):\(digits(time % 3600 / 60, 2)):\(digits(time % 60, 2))Z"
    }

    /// The proleptic Gregorian date `days` (≥ 0) days after 1970-01-01, counted in 400-year cycles that start
    /// on 1 March 2000, so the leap day ends a cycle's year.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let sinceMarch2000 = days - 11_017
        let cycle = (sinceMarch2000 >= 0 ? sinceMarch2000 : sinceMarch2000 - 146_096) / 146_097
        let dayOfCycle = sinceMarch2000 - cycle * 146_097
        let yearOfCycle =
            (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = 2000 + cycle * 400 + yearOfCycle + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

import Foundation
import HTTPClientSupport

/// A date as ISO 8601 text in UTC, to the second (`2024-02-29T23:59:59Z`): what `JSONEncoder`'s `.iso8601`
/// strategy writes, worked out with integer arithmetic (`CivilDate`).
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
        let seconds = Int(interval)
        let day = CivilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        return "\(digits(day.year, 4))-\(digits(day.month, 2))-\(digits(day.day, 2))T"
            + "\(digits(time / 3600, 2)):\(digits(time % 3600 / 60, 2)):\(digits(time % 60, 2))Z"
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

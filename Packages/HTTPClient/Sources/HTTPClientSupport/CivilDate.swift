/// A day of the proleptic Gregorian calendar (year, month, day), converted to and from days since 1970-01-01
/// with integer arithmetic: no `Calendar`, time zone or ICU data.
///
/// The conversions count in 400-year eras that start on 1 March, so a leap day ends an era's year (Howard
/// Hinnant's `days_from_civil` and `civil_from_days`). They hold for every year an `Int` can count days for.
///
/// ```swift
/// CivilDate(daysSince1970: 19_782)                         // 2024-02-29
/// CivilDate(year: 2024, month: 2, day: 29)?.daysSince1970  // 19_782
/// ```
public struct CivilDate: Hashable, Sendable {
    /// The year; 0 is 1 BC.
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The date `year`-`month`-`day`, or `nil` when that day does not exist (February 30, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it, for a negative `days`).
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date; negative before it.
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` has a February 29.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1 to 12) in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

import Foundation

/// Parses the three HTTP-date formats recipients must accept (RFC 9110, 5.6.7), by hand and always in GMT:
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, obsolete RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`
/// and asctime `Sun Nov  6 08:49:37 1994`.
///
/// Fields are separated by exactly one space; the one place two spaces may stand is asctime's day, where a
/// single digit is padded with a space. The zone `GMT` and month names match case-insensitively
/// (RFC 9111, 4.2); the weekday is not checked.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date `text` names, or `nil` when it is in none of the formats.
    /// - Parameters:
    ///   - text: A header value such as `Sun, 06 Nov 1994 08:49:37 GMT`; spaces and tabs around it are ignored.
    ///   - now: Resolves RFC 850's two-digit years: never more than 50 years ahead of `now`.
    public static func parse(_ text: String, now: Date) -> Date? {
        let fields = self.fields(text)
        guard !fields.contains(where: \.isEmpty) else { return nil }
        switch fields.count {
        case 6 where fields[0].hasSuffix(",") && isGMT(fields[5]):
            return date(day: fields[1], month: fields[2], year: fields[3], time: fields[4])
        case 4 where fields[0].hasSuffix(",") && isGMT(fields[3]):
            let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[2].count == 2, let shortYear = Int(parts[2]) else { return nil }
            let year = fullYear(shortYear, now: now)
            return date(day: parts[0], month: parts[1], year: String(year), time: fields[2])
        case 5 where !fields[0].hasSuffix(","):
            return date(day: fields[2], month: fields[1], year: fields[4], time: fields[3])
        default:
            return nil
        }
    }

    /// The space-separated fields of `text` without the spaces and tabs around it, keeping the empty field
    /// that a run of spaces leaves, except for asctime's padded day (`Nov  6`), whose empty field is dropped.
    private static func fields(_ text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        var fields = trimmed.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if fields.count == 6, !fields[0].hasSuffix(","), fields[2].isEmpty, fields[3].count == 1 {
            fields.remove(at: 2)
        }
        return fields
    }

    /// Whether `zone` is `GMT` in any case, comparing ASCII letters only.
    private static func isGMT(_ zone: String) -> Bool {
        zone.utf8.elementsEqual("gmt".utf8) { $0 | 0x20 == $1 }
    }

    private static func date(day: String, month: String, year: String, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard
            let monthIndex = months.firstIndex(of: month.lowercased()),
            (1...2).contains(day.count), let day = number(day), year.count == 4, let year = number(year),
            clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
            let civil = CivilDate(year: year, month: monthIndex + 1, day: day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = civil.daysSince1970
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func number(_ text: some StringProtocol) -> Int? {
        text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text) : nil
    }

    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let currentYear = 1970 + Int(now.timeIntervalSince1970 / 31_556_952)
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return year
    }
}

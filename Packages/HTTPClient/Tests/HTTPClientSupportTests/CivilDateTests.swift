import Foundation
import HTTPClientSupport
import Testing

@Suite("CivilDate: calendar days to and from days since 1970")
struct CivilDateTests {
    @Test(
        "known days convert both ways",
        arguments: [
            (0, 1970, 1, 1), (-1, 1969, 12, 31), (11_016, 2000, 2, 29), (11_017, 2000, 3, 1),
            (19_782, 2024, 2, 29), (2_932_896, 9999, 12, 31), (-719_162, 1, 1, 1), (-719_468, 0, 3, 1),
        ])
    func knownDays(days: Int, year: Int, month: Int, day: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))

        #expect(CivilDate(daysSince1970: days) == date)
        #expect(date.daysSince1970 == days)
    }

    @Test("every day from 1600 to 2400 matches the Gregorian calendar of Foundation, and converts back")
    func matchesFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = try #require(CivilDate(year: 1600, month: 1, day: 1)).daysSince1970
        let last = try #require(CivilDate(year: 2400, month: 12, day: 31)).daysSince1970
        for days in stride(from: first, through: last, by: 1) {
            let date = CivilDate(daysSince1970: days)
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            guard date.year == parts.year, date.month == parts.month, date.day == parts.day,
                date.daysSince1970 == days
            else {
                Issue.record("day \(days): \(date) is not \(parts)")
                return
            }
        }
    }

    @Test(
        "days that do not exist are nil",
        arguments: [(2023, 2, 29), (1900, 2, 29), (2024, 4, 31), (2024, 13, 1), (2024, 0, 1), (2024, 1, 0)])
    func impossibleDays(year: Int, month: Int, day: Int) {
        #expect(CivilDate(year: year, month: month, day: day) == nil)
    }

    @Test("leap years are every fourth, except centuries not divisible by 400")
    func leapYears() {
        #expect([1996, 2000, 2024, 2400].allSatisfy(CivilDate.isLeapYear))
        #expect(![1900, 2023, 2100].contains(where: CivilDate.isLeapYear))
    }
}

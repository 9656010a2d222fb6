import Foundation
import QuestionsFeature
import Testing

@Suite struct DateTextTests {
    private let now = Date(timeIntervalSince1970: 1_731_664_800)  // 2024-11-15 10:00:00 UTC

    @Test(
        arguments: [
            (0, "just now"), (59, "just now"), (60, "1 min ago"), (3_599, "59 min ago"), (3_600, "1 hour ago"),
            (7_200, "2 hours ago"), (86_399, "23 hours ago"), (86_400, "1 day ago"), (6 * 86_400, "6 days ago"),
            (7 * 86_400, "Nov 8, 2024"), (-60, "Nov 15, 2024"),
        ] as [(Double, String)])
    func relativeWithinAWeekThenAbsolute(secondsAgo: Double, text: String) {
        #expect(DateText.relative(now.addingTimeInterval(-secondsAgo), now: now) == text)
    }

    @Test(
        arguments: [
            (0.0, "Jan 1, 1970 at 00:00 UTC"),
            (1_731_492_300, "Nov 13, 2024 at 10:05 UTC"),
            (1_709_208_000, "Feb 29, 2024 at 12:00 UTC"),
            (951_868_799, "Feb 29, 2000 at 23:59 UTC"),
            (-1, "Dec 31, 1969 at 23:59 UTC"),
            (-86_400 * 365, "Jan 1, 1969 at 00:00 UTC"),
            (253_402_300_799, "Dec 31, 9999 at 23:59 UTC"),
        ] as [(Double, String)])
    func absoluteDatesAreUTC(seconds: Double, text: String) {
        #expect(DateText.dayAndTime(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func datesOutsideTheCalendarAreUnknownNotACrash() {
        #expect(DateText.day(Date(timeIntervalSince1970: 9e18)) == "an unknown date")
        #expect(DateText.dayAndTime(Date(timeIntervalSince1970: -9e18)) == "an unknown date")
        #expect(DateText.relative(Date(timeIntervalSince1970: .nan), now: now) == "an unknown date")
    }
}

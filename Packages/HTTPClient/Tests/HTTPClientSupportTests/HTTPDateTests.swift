import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

struct HTTPDateTests {
    private let expected = Date(timeIntervalSince1970: 784_111_777)
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func readsTheThreeFormatsRecipientsMustAccept(text: String) {
        #expect(HTTPDate.parse(text, now: now) == expected)
    }

    @Test(arguments: ["", "0", "-1", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "tomorrow"])
    func rejectsAnythingElse(text: String) {
        #expect(HTTPDate.parse(text, now: expected) == nil)
    }

    @Test(arguments: [
        "Sun, 06  Nov  1994 08:49:37 GMT", "Sun,  06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994  08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37  GMT", "Sunday,  06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37  GMT",
        "Sunday, 06--Nov-94 08:49:37 GMT", "Sun  Nov 6 08:49:37 1994", "Sun Nov   6 08:49:37 1994",
        "Sun Nov 6  08:49:37 1994", "Sun Nov  6 08:49:37  1994",
    ])
    func rejectsARunOfSpacesBetweenFields(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    @Test func acceptsTwoSpacesInAsctimeOnlyBeforeASingleDigitDay() {
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994", now: now) == expected)
        #expect(HTTPDate.parse("Wed Nov 16 08:49:37 1994", now: now) == expected.addingTimeInterval(10 * 86_400))
        #expect(HTTPDate.parse("Wed Nov  16 08:49:37 1994", now: now) == nil)
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 gMT", "Sun, 06 Nov 1994 08:49:37 gmt", "Sunday, 06-Nov-94 08:49:37 Gmt",
    ])
    func matchesTheZoneCaseInsensitively(text: String) {
        #expect(HTTPDate.parse(text, now: now) == expected)
    }

    @Test(arguments: ["SUN, 06 Nov 1994 08:49:37 GMT", "Sun, 06 NOV 1994 08:49:37 GMT", "sun nov  6 08:49:37 1994"])
    func matchesWeekdayAndMonthCaseInsensitively(text: String) {
        #expect(HTTPDate.parse(text, now: now) == expected)
    }

    @Test(arguments: [
        " Sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT\t ", "\tSun Nov  6 08:49:37 1994 ",
    ])
    func ignoresWhitespaceAroundTheValue(text: String) {
        #expect(HTTPDate.parse(text, now: now) == expected)
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 AEST", "Sun, 06 Nov 1994 08:49:37 GMTX",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun 06 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08.49.37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun,\t06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:38 GMT",
    ])
    func rejectsTheZonesYearsAndSeparatorsTheGrammarDoesNotAllow(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }

    @Test func readsDatesPastThirtyTwoBitsAndFarInTheFuture() {
        #expect(HTTPDate.parse("Tue, 19 Jan 2038 14:14:08 GMT", now: now) == Date(timeIntervalSince1970: 2_147_523_248))
        #expect(
            HTTPDate.parse("Sun, 21 Nov 2286 04:46:39 GMT", now: now) == Date(timeIntervalSince1970: 10_000_039_599))
    }
}

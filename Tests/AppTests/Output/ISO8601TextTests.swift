import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `ISO8601Text` writes what `JSONEncoder`'s `.iso8601` strategy writes.
struct ISO8601TextTests {
    @Test(arguments: [
        0, 59, 951_782_399, 951_782_400, 951_868_799, 951_868_800, 1_709_251_199, 1_709_251_200, 1_735_689_599,
        1_700_000_000.75, 4_107_542_400, 253_402_300_799, -1, -86_400.5, 253_402_300_800,
    ])
    func matchesFoundationsISO8601Text(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)

        #expect(ISO8601Text.string(from: date) == date.formatted(.iso8601))
    }

    @Test func matchesFoundationAcrossTheYears1970To2100() {
        let mismatches = stride(from: 0.0, to: 4_102_444_800, by: 86_400 + 3_661).filter { seconds in
            let date = Date(timeIntervalSince1970: seconds)
            return ISO8601Text.string(from: date) != date.formatted(.iso8601)
        }

        #expect(mismatches.isEmpty)
    }
}

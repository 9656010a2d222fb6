import QuestionsFeature
import Testing

@Suite struct NumberFormattingTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (-999, "-999"),
        (1_000, "1k"), (1_049, "1k"), (1_050, "1.1k"), (1_234, "1.2k"), (1_999, "2k"), (9_950, "10k"),
        (12_345, "12.3k"), (99_949, "99.9k"), (99_950, "100k"), (123_456, "123k"), (999_499, "999k"),
        (999_500, "1m"), (1_204_500, "1.2m"), (2_345_678, "2.3m"), (45_600_000, "45.6m"), (999_999_999, "1b"),
        (1_500_000_000, "1.5b"), (-1_234, "-1.2k"), (-2_345_678, "-2.3m"),
        (Int.max, "9223372t"), (Int.min, "-9223372t"),
    ])
    func compactNumbers(value: Int, text: String) {
        #expect(CompactNumber.format(value) == text)
    }

    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1,000"), (9_994, "9,994"), (1_234_567, "1,234,567"), (-12_345, "-12,345"),
    ])
    func groupedNumbers(value: Int, text: String) {
        #expect(GroupedNumber.format(value) == text)
    }
}

import CommandLineKit
import Synchronization
import Testing

struct ProgressBarTests {
    /// A clock the test moves by hand.
    private final class ManualClock: Sendable {
        private let now = Mutex(Duration.zero)
        func advance(by duration: Duration) { now.withLock { $0 += duration } }
        var elapsed: @Sendable () -> Duration { { self.now.withLock { $0 } } }
    }

    /// What the bar wrote, in order.
    private final class Written: Sendable {
        private let texts = Mutex<[String]>([])
        func append(_ text: String) { texts.withLock { $0.append(text) } }
        func withLock<Result>(_ body: ([String]) -> Result) -> Result { texts.withLock { body($0) } }
    }

    private func makeSUT(isTerminal: Bool = true) -> (ProgressBar, ManualClock, Written) {
        let clock = ManualClock()
        let written = Written()
        let bar = ProgressBar(
            label: "file.bin", isTerminal: isTerminal, elapsed: clock.elapsed, write: written.append)
        return (bar, clock, written)
    }

    @Test func redrawsAtMostOncePerTenthOfASecondByTheClock() {
        let (bar, clock, written) = makeSUT()

        bar.update(completed: 0, total: 1000)
        clock.advance(by: .milliseconds(50))
        bar.update(completed: 100, total: 1000)
        clock.advance(by: .milliseconds(49))
        bar.update(completed: 200, total: 1000)
        #expect(written.withLock { $0.count } == 1, "updates within 100 ms of the last redraw only record")

        clock.advance(by: .milliseconds(1))
        bar.update(completed: 300, total: 1000)
        #expect(written.withLock { $0.count } == 2)
        #expect(written.withLock { $0.last }?.contains("300 B / 1000 B") == true)
    }

    @Test func eachRedrawRewritesTheLineAndFinishEndsItWithTheLastNumbers() {
        let (bar, clock, written) = makeSUT()

        bar.update(completed: 0, total: 2048)
        clock.advance(by: .milliseconds(10))
        bar.update(completed: 2048, total: 2048)
        bar.finish()
        bar.update(completed: 4096, total: 2048)

        let lines = written.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("\r") && $0.contains("\u{1B}[K") })
        #expect(lines.last?.hasSuffix("\n") == true)
        #expect(lines.last?.contains("100%") == true)
        #expect(lines.last?.contains("2.0 KiB / 2.0 KiB") == true)
    }

    @Test func writesNothingWhenTheStreamIsNotATerminal() {
        let (bar, clock, written) = makeSUT(isTerminal: false)

        bar.update(completed: 0, total: 10)
        clock.advance(by: .seconds(1))
        bar.update(completed: 10, total: 10)
        bar.finish()

        #expect(written.withLock { $0 }.isEmpty)
    }

    @Test func finishWithoutAnUpdateWritesNothing() {
        let (bar, _, written) = makeSUT()

        bar.finish()

        #expect(written.withLock { $0 }.isEmpty)
    }

    @Test func theRateCountsOnlyTheBytesMovedSinceTheFirstUpdate() {
        let (bar, clock, written) = makeSUT()

        bar.update(completed: 1_000_000, total: 3_097_152)  // resumed: a million bytes were already there
        clock.advance(by: .seconds(2))
        bar.update(completed: 3_097_152, total: 3_097_152)

        #expect(written.withLock { $0.last }?.contains("1.0 MiB/s") == true)
    }

    @Test func theLineShowsBarPercentBytesRateAndTimeLeft() {
        let line = ProgressBarText.line(
            label: "a.bin", completed: 1536 * 1024, total: 3 * 1024 * 1024, bytesPerSecond: 512 * 1024, barWidth: 10)

        #expect(line == "a.bin  [#####-----]  50%  1.5 MiB / 3.0 MiB  512.0 KiB/s  0:03 left")
    }

    @Test func anUnknownTotalShowsTheBytesAndTheRateOnly() {
        let line = ProgressBarText.line(label: "a.bin", completed: 100, total: nil, bytesPerSecond: nil)

        #expect(line == "a.bin  100 B  --/s")
    }

    @Test func theLabelsControlCharactersAreMadeVisible() {
        let line = ProgressBarText.line(label: "x\u{1B}[2J", completed: 0, total: 0, bytesPerSecond: nil)

        #expect(line.hasPrefix("x^[[2J  ["))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test(arguments: [(Int64(0), "0:00"), (59, "0:59"), (61, "1:01"), (3599, "59:59"), (3661, "1:01:01")])
    func durationsAreMinutesAndSecondsThenHours(seconds: Int64, text: String) {
        #expect(ProgressBarText.duration(seconds: seconds) == text)
    }

    @Test(arguments: [(Int64(512), "512 B"), (1536, "1.5 KiB"), (5 << 30, "5.0 GiB")])
    func byteCountsUseBinaryUnits(count: Int64, text: String) {
        #expect(ProgressBarText.bytes(count) == text)
    }
}

/// Lines that fit the terminal, so a redraw never wraps.
struct ProgressBarFittingTests {
    private static let label = "a-rather-long-file-name-from-the-server.tar.gz"

    @Test(arguments: [120, 80, 60, 40, 30, 20, 12, 5, 1])
    func everyLineFitsInOneColumnLessThanTheTerminal(columns: Int) {
        for total in [Int64(3 << 30), nil] {
            let line = ProgressBarText.line(
                label: Self.label, completed: 1 << 30, total: total, bytesPerSecond: 5e6, columns: columns)

            #expect(TerminalWidth.columns(line) <= max(1, columns - 1), "\(columns): \(line)")
            #expect(!line.isEmpty)
        }
    }

    @Test func aWideTerminalGetsTheWholeLine() {
        let line = ProgressBarText.line(
            label: "a.bin", completed: 512, total: 1024, bytesPerSecond: 256, columns: 200)

        #expect(line == ProgressBarText.line(label: "a.bin", completed: 512, total: 1024, bytesPerSecond: 256))
    }

    @Test func aNarrowTerminalDropsTheTimeLeftAndTheRateBeforeTheBarAndTheLabel() {
        let line = ProgressBarText.line(label: "a.bin", completed: 512, total: 1024, bytesPerSecond: 256, columns: 50)

        #expect(line == "a.bin  [#########---------]  50%  512 B / 1.0 KiB")
    }

    @Test func aLongLabelIsShortenedWithAnEllipsisKeepingTheNumbers() {
        let line = ProgressBarText.line(
            label: Self.label, completed: 512, total: 1024, bytesPerSecond: nil, columns: 30)

        #expect(line.hasSuffix(" 50%  512 B / 1.0 KiB"), "\(line)")
        #expect(line.contains("…"), "\(line)")
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(TerminalWidth.columns("日本語.txt") == 10)
        #expect(TerminalWidth.columns("e\u{301}") == 1)
        #expect(TerminalWidth.prefix("日本語", columns: 5) == "日本")
    }

    @Test func theBarRedrawsToTheWidthItReadsEachTime() {
        let texts = Mutex<[String]>([])
        let width = Mutex(80)
        let bar = ProgressBar(
            label: Self.label, isTerminal: true, minimumInterval: .zero, elapsed: { .zero },
            columns: { width.withLock { $0 } }, write: { text in texts.withLock { $0.append(text) } })

        bar.update(completed: 1, total: 100)
        width.withLock { $0 = 30 }
        bar.update(completed: 2, total: 100)

        let lines = texts.withLock { $0 }.map {
            $0.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\u{1B}[K", with: "")
        }
        #expect(lines.count == 2)
        #expect(TerminalWidth.columns(lines[0]) <= 79 && TerminalWidth.columns(lines[0]) > 29)
        #expect(TerminalWidth.columns(lines[1]) <= 29)
    }
}

import Foundation
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// A trait on a suite: one archive for all its tests, which run one at a time and take its answers in turn.
@Suite(.replaying("Archives/suite.har", mode: .playback))
struct SuiteArchiveTests {
    @Test func first() async throws { try await takeTheNextAnswer() }
    @Test func second() async throws { try await takeTheNextAnswer() }
    @Test func third() async throws { try await takeTheNextAnswer() }

    /// The tests of this suite so far: how many are running now, and the answers they got.
    private static let progress = SuiteProgress()

    private func takeTheNextAnswer() async throws {
        #expect(await Self.progress.enter() == 1, "another test of the suite is running")
        let (data, _) = try await Replay.client.load(request: TestRequest(path: "shared"))
        await Task.yield()
        let answer = String(decoding: data, as: UTF8.self)
        #expect(["one", "two", "three"].contains(answer))
        #expect(
            await Self.progress.leave(with: answer), "\(answer) was answered twice: the tests do not share the archive")
    }
}

private actor SuiteProgress {
    private var running = 0
    private var answers: Set<String> = []

    /// Counts a test in; how many are running now.
    func enter() -> Int {
        running += 1
        return running
    }

    /// Counts a test out; whether `answer` is new.
    func leave(with answer: String) -> Bool {
        running -= 1
        return answers.insert(answer).inserted
    }
}

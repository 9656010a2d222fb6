import Foundation
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// Twelve tests, run in parallel, each with its own archive: each gets its own answers, never another's.
struct ParallelArchivesTests {
    @Test(.replaying("Archives/Parallel/archive-01.har", mode: .playback))
    func archive01() async throws { try await expectOwnAnswers(1) }

    @Test(.replaying("Archives/Parallel/archive-02.har", mode: .playback))
    func archive02() async throws { try await expectOwnAnswers(2) }

    @Test(.replaying("Archives/Parallel/archive-03.har", mode: .playback))
    func archive03() async throws { try await expectOwnAnswers(3) }

    @Test(.replaying("Archives/Parallel/archive-04.har", mode: .playback))
    func archive04() async throws { try await expectOwnAnswers(4) }

    @Test(.replaying("Archives/Parallel/archive-05.har", mode: .playback))
    func archive05() async throws { try await expectOwnAnswers(5) }

    @Test(.replaying("Archives/Parallel/archive-06.har", mode: .playback))
    func archive06() async throws { try await expectOwnAnswers(6) }

    @Test(.replaying("Archives/Parallel/archive-07.har", mode: .playback))
    func archive07() async throws { try await expectOwnAnswers(7) }

    @Test(.replaying("Archives/Parallel/archive-08.har", mode: .playback))
    func archive08() async throws { try await expectOwnAnswers(8) }

    @Test(.replaying("Archives/Parallel/archive-09.har", mode: .playback))
    func archive09() async throws { try await expectOwnAnswers(9) }

    @Test(.replaying("Archives/Parallel/archive-10.har", mode: .playback))
    func archive10() async throws { try await expectOwnAnswers(10) }

    @Test(.replaying("Archives/Parallel/archive-11.har", mode: .playback))
    func archive11() async throws { try await expectOwnAnswers(11) }

    @Test(.replaying("Archives/Parallel/archive-12.har", mode: .playback))
    func archive12() async throws { try await expectOwnAnswers(12) }

    /// Asks for the number several times, yielding between, and for the one path only this archive has.
    private func expectOwnAnswers(_ number: Int) async throws {
        for _ in 0..<5 {
            let (data, _) = try await Replay.client.load(request: TestRequest(path: "number"))
            #expect(String(decoding: data, as: UTF8.self) == "\(number)")
            await Task.yield()
        }
        let (only, _) = try await Replay.client.load(request: TestRequest(path: "only/\(number)"))
        #expect(only == Data("only \(number)".utf8))
    }
}

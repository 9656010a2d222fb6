import Foundation
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// `ReplayMode(environment:)`, and the modes that cannot start failing the test in a sentence.
struct ReplayModeTests {
    @Test(arguments: [
        ([:], ReplayMode.playback), (["NETWORKING_REPLAY": ""], .playback),
        (["NETWORKING_REPLAY": "playback"], .playback),
        (["NETWORKING_REPLAY": "record"], .record), (["NETWORKING_REPLAY": " Once "], .once),
        (["NETWORKING_REPLAY": "LIVE"], .live), (["NETWORKING_REPLAY": "recrod"], .unrecognized("recrod")),
    ])
    func readsTheModeFromTheEnvironment(environment: [String: String], mode: ReplayMode) {
        #expect(ReplayMode(environment: environment) == mode)
    }

    @Test func anUnknownModeFailsTheTestNamingTheValueBeforeItRuns() async throws {
        let trait = ReplayTrait.replaying(
            "Archives/questions.har", mode: ReplayMode(environment: ["NETWORKING_REPLAY": "recrod"]))
        let ran = RecordedValues<Bool>()

        let error = await #expect(throws: ReplayTraitError.self) {
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) { ran.append(true) }
        }

        #expect(ran.count == 0)
        #expect(
            error?.description
                == #"NETWORKING_REPLAY is "recrod", which names no replay mode: use playback, record, once or live."#)
    }

    @Test(arguments: [ReplayMode.record, .once, .live])
    func aModeThatNeedsTheLiveClientFailsWithoutOne(mode: ReplayMode) async throws {
        let folder = try TemporaryDirectory()
        let trait = ReplayTrait.replaying(folder.file("missing.har").path, mode: mode)

        let error = await #expect(throws: ReplayTraitError.self) {
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) {}
        }

        #expect(error == .noLiveClient(mode: "\(mode)"))
        #expect(
            error?.description.hasPrefix("Replay mode \(mode) needs a live client, and the .replaying trait has none")
                == true)
    }

    @Test func playingBackAMissingArchiveSaysHowToRecordIt() async throws {
        let trait = ReplayTrait.replaying("Archives/never-recorded.har", mode: .playback)

        let error = await #expect(throws: ReplayTraitError.self) {
            try await trait.provideScope(for: try #require(Test.current), testCase: nil) {}
        }

        #expect(
            error?.description.hasSuffix(
                "never-recorded.har: there is no such file; record it with NETWORKING_REPLAY=record") == true)
    }

    @Test func aRelativeArchiveIsFoundBesideTheTestAndAnAbsoluteOneWhereItSays() {
        let relative = ReplayTrait.replaying("Archives/questions.har", filePath: "/repo/Tests/FeatureTests/File.swift")
        let absolute = ReplayTrait.replaying("/elsewhere/a.har", filePath: "/repo/Tests/FeatureTests/File.swift")

        #expect(relative.archive.path == "/repo/Tests/FeatureTests/Archives/questions.har")
        #expect(absolute.archive.path == "/elsewhere/a.har")
    }
}

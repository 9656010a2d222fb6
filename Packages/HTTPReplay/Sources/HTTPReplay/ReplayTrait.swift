import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

/// A Swift Testing trait that answers a test's (or a suite's) requests from a HAR 1.2 archive, or records them.
///
/// Add it with ``Testing/Trait/replaying(_:mode:matching:live:filePath:)`` and send requests through
/// ``Replay/client``. The client lives in a task-local, so tests running in parallel with different archives
/// never see each other's entries. On a suite, one archive serves all its tests, which then run one at a time
/// (their order of requests is the archive's order); on a parameterized test, its cases share it the same way.
public struct ReplayTrait: TestTrait, SuiteTrait, TestScoping {
    /// The base URL recorded entries are written against, `http://replay.invalid/`: the trait does not know the
    /// live client's, and playback compares no scheme, host or port.
    public static let recordedBaseURL: URL = {
        guard let url = URL(string: "http://replay.invalid/") else { preconditionFailure("a literal URL parses") }
        return url
    }()

    /// The archive's file.
    public let archive: URL
    /// Where answers come from, and whether the archive is written.
    public let mode: ReplayMode
    /// Which recorded request answers a request.
    public let matching: ReplayMatching
    /// Makes the client for the record, once and live modes.
    let live: (@Sendable () throws -> any HTTPClient)?

    /// Creates the trait for the archive at `archive`; ``Testing/Trait/replaying(_:mode:matching:live:filePath:)``
    /// resolves a relative path first.
    public init(
        archive: URL, mode: ReplayMode, matching: ReplayMatching, live: (@Sendable () throws -> any HTTPClient)?
    ) {
        self.archive = archive
        self.mode = mode
        self.matching = matching
        self.live = live
    }

    /// The trait scopes a whole suite, or a whole test function (all its cases), never each case alone.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> ReplayTrait? {
        test.isSuite || testCase == nil ? self : nil
    }

    /// Runs `function` with ``Replay/client`` set, its tests serialized; when recording, writes the archive
    /// afterwards, even when a test failed (with a warning saying so).
    /// - Throws: ``ReplayTraitError`` when no client can be made or the archive cannot be written, and what
    ///   `function` throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let session = try ReplaySession(for: self)
        let failures = LockedValue(0)
        let observer = IssueHandlingTrait.compactMapIssues { issue in
            if issue.isFailure { failures.withLock { $0 += 1 } }
            return issue
        }
        var thrown: (any Error)?
        do {
            try await ParallelizationTrait.serialized.provideScope(for: test, testCase: testCase) {
                try await observer.provideScope(for: test, testCase: testCase) {
                    try await Replay.$session.withValue(session, operation: function)
                }
            }
        } catch {
            thrown = error
        }
        try session.finish(testFailed: thrown != nil || failures.withLock { $0 } > 0)
        if let thrown { throw thrown }
    }
}

extension Trait where Self == ReplayTrait {
    /// `archive` is a path relative to the folder of the test's source file (`filePath`), or absolute.
    /// `live` makes the client for record, once and live modes; without it those modes fail the test in a sentence.
    public static func replaying(
        _ archive: String, mode: ReplayMode = ReplayMode(), matching: ReplayMatching = .default,
        live: (@Sendable () throws -> any HTTPClient)? = nil, filePath: String = #filePath
    ) -> Self {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let url = archive.hasPrefix("/") ? URL(fileURLWithPath: archive) : folder.appendingPathComponent(archive)
        return ReplayTrait(archive: url.standardizedFileURL, mode: mode, matching: matching, live: live)
    }
}

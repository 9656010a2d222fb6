import Foundation
import HTTPClient
import HTTPClientTestSupport
import QuestionsFeatureAPI
import Synchronization
import Testing

/// Backoff deadlines: recorded from an origin's answer, kept in files, obeyed until they pass.
struct StackExchangeBackoffTests {
    private struct NotCached: Error {}
    private struct DiskFailure: Error, Equatable {}

    @Test func anOriginsBackoffSendsTheMethodToTheCacheUntilItsDeadline() async throws {
        let sut = try makeSUT()
        defer { sut.cleanUp() }
        await sut.cache.enqueue(.status(200, body: "cached"))

        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)
        let answer = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)

        #expect(answer.data == Data("cached".utf8) && answer.backoffLeft == Backoff(seconds: 30))
        #expect(await sut.origin.requests.count == 1 && sut.cache.requestsCount() == 1)
    }

    @Test func aMethodUnderBackoffThatIsNotCachedFailsWithoutSending() async throws {
        let sut = try makeSUT()
        defer { sut.cleanUp() }
        await sut.cache.enqueue(.failure(NotCached()))
        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)
        sut.clock.advance(by: .seconds(10))

        await #expect(throws: BackoffInEffect(method: "questions", secondsLeft: 20)) {
            try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)
        }
        #expect(await sut.origin.requests.count == 1)
    }

    @Test func otherMethodsAndLaterCallsGoToTheOrigin() async throws {
        let sut = try makeSUT()
        defer { sut.cleanUp() }
        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)

        _ = try await sut.backoff.load(TestRequest(), method: "questions/1", through: sut.origin)
        sut.clock.advance(by: .seconds(31))
        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)

        #expect(await sut.origin.requests.count == 3 && sut.cache.requestsCount() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: sut.directory.path).sorted()
        #expect(files == ["backoff-questions", "backoff-questions-1"])
    }

    @Test func aBackoffACacheGaveSetsNoDeadline() async throws {
        let sut = try makeSUT(isFromOrigin: false)
        defer { sut.cleanUp() }

        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)
        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)

        #expect(await sut.origin.requests.count == 2)
        #expect(!FileManager.default.fileExists(atPath: sut.directory.path))
    }

    @Test func anotherErrorOfTheCacheIsRethrown() async throws {
        let sut = try makeSUT()
        defer { sut.cleanUp() }
        await sut.cache.enqueue(.failure(DiskFailure()))
        _ = try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)

        await #expect(throws: DiskFailure()) {
            try await sut.backoff.load(TestRequest(), method: "questions", through: sut.origin)
        }
    }

    @Test func theErrorSaysWhatToWaitFor() {
        let error = BackoffInEffect(method: "questions", secondsLeft: 5)

        #expect(
            error.description
                == "The Stack Exchange API asked to wait before calling /questions again (5 seconds left), "
                + "and the answer is not cached.")
    }

    @Test func anAnswerReadsItsAge() {
        #expect(StackExchangeAnswer((Data(), HTTPResponse(statusCode: 200, headers: ["Age": "42"]))).ageSeconds == 42)
        #expect(StackExchangeAnswer((Data(), HTTPResponse(statusCode: 200))).ageSeconds == 0)
    }

    private struct SUT {
        let backoff: StackExchangeBackoff
        let origin: ScriptedHTTPClient
        let cache: CountingClient
        let clock: ManualClock
        let directory: URL

        func cleanUp() {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// A cache stand-in whose replies a test enqueues.
    private final class CountingClient: HTTPClient {
        let scripted = ScriptedHTTPClient()
        private let count = Mutex(0)

        func enqueue(_ reply: Reply) async {
            await scripted.enqueue(reply)
        }

        func requestsCount() -> Int { count.withLock { $0 } }

        func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
            count.withLock { $0 += 1 }
            return try await scripted.load(request: request)
        }
    }

    private func makeSUT(isFromOrigin: Bool = true) throws -> SUT {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backoff-\(UUID())")
        let origin = ScriptedHTTPClient { _ in (Data(#"{"items":[],"backoff":30}"#.utf8), HTTPResponse(statusCode: 200))
        }
        let (cache, clock) = (CountingClient(), ManualClock(date: Date(timeIntervalSince1970: 1_700_000_000)))
        let backoff = StackExchangeBackoff(
            directory: directory, cachedOnly: cache, isNotCached: { $0 is NotCached },
            isFromOrigin: { _ in isFromOrigin }, now: { clock.date })
        return SUT(backoff: backoff, origin: origin, cache: cache, clock: clock, directory: directory)
    }
}

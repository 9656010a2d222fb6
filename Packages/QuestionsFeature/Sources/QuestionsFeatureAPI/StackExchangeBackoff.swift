import Foundation
import HTTPClient

/// Keeps the Stack Exchange API's `backoff` deadlines (see ``Backoff`` for the rule): until the deadline an
/// origin answer set for a method, that method is answered from a cache alone, or fails with
/// ``BackoffInEffect``, without sending a request.
///
/// Deadlines live in `directory`, one file per method named ``filePrefix`` and the method, so every run of a
/// program obeys them; removing the files forgets them.
public struct StackExchangeBackoff: Sendable {
    /// The start of a deadline file's name; the rest names the method.
    public static let filePrefix = "backoff-"

    /// The directory holding the deadline files.
    public let directory: URL
    private let cachedOnly: any HTTPClient
    private let isNotCached: @Sendable (any Error) -> Bool
    private let isFromOrigin: @Sendable (HTTPResponse) -> Bool
    private let now: @Sendable () -> Date

    /// Keeps deadlines in `directory`.
    /// - Parameters:
    ///   - directory: Where the deadline files are kept; created when the first deadline is recorded.
    ///   - cachedOnly: Answers from a cache alone (never from the origin) while a deadline holds.
    ///   - isNotCached: Whether an error of `cachedOnly` says the answer is not cached.
    ///   - isFromOrigin: Whether a response came from the origin rather than a cache; only an origin's
    ///     `backoff` sets a deadline.
    ///   - now: The current date; deadlines are dates, so that they hold across runs.
    public init(
        directory: URL,
        cachedOnly: any HTTPClient,
        isNotCached: @escaping @Sendable (any Error) -> Bool,
        isFromOrigin: @escaping @Sendable (HTTPResponse) -> Bool,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.cachedOnly = cachedOnly
        self.isNotCached = isNotCached
        self.isFromOrigin = isFromOrigin
        self.now = now
    }

    /// Loads `request` for the API method `method` through `client`, unless a deadline holds; records the
    /// deadline an origin answer sets.
    /// - Throws: ``BackoffInEffect`` when a deadline holds and the answer is not cached; otherwise what the
    ///   client throws.
    public func load(_ request: any HTTPRequest, method: String, through client: any HTTPClient) async throws
        -> StackExchangeAnswer
    {
        if let deadline = deadline(for: method), let wait = Backoff(until: deadline, now: now()) {
            do {
                return StackExchangeAnswer(try await cachedOnly.load(request: request), backoffLeft: wait)
            } catch  where isNotCached(error) {
                throw BackoffInEffect(method: method, secondsLeft: wait.seconds)
            }
        }
        let answer = StackExchangeAnswer(try await client.load(request: request))
        if isFromOrigin(answer.response), let wait = BackoffMapper.map(data: answer.data) {
            record(wait.deadline(from: now()), for: method)
        }
        return answer
    }

    private func file(for method: String) -> URL {
        directory.appendingPathComponent(Self.filePrefix + method.replacingOccurrences(of: "/", with: "-"))
    }

    private func deadline(for method: String) -> Date? {
        guard let data = FileManager.default.contents(atPath: file(for: method).path),
            let seconds = TimeInterval(
                String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            seconds.isFinite
        else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private func record(_ deadline: Date, for method: String) {
        if let existing = self.deadline(for: method), existing >= deadline { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data(String(deadline.timeIntervalSince1970).utf8).write(to: file(for: method), options: .atomic)
    }
}

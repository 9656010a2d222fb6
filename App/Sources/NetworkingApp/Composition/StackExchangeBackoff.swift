import Foundation
import HTTPCaching
import HTTPClient
import QuestionsFeatureAPI

/// Keeps the Stack Exchange API's `backoff` deadlines (see `Backoff` for the rule): until the deadline an
/// origin answer set for a method, that method is answered from the cache alone, or fails with
/// ``BackoffInEffect`` — without sending a request.
///
/// Deadlines live in the cache directory of the API's base URL, one file per method, so every run obeys them;
/// `networking cache clear` forgets every deadline.
struct StackExchangeBackoff: Sendable {
    /// The start of a deadline file's name; the rest names the method.
    static let filePrefix = "backoff-"

    /// The directory holding the deadline files.
    let directory: URL
    /// Answers from the cache alone (offline mode) while a deadline holds.
    let cachedOnly: any HTTPClient
    let now: @Sendable () -> Date

    /// Loads `request` for the API method `method` through `client`, unless a deadline holds; records the
    /// deadline an origin answer sets.
    func load(_ request: any HTTPRequest, method: String, through client: any HTTPClient) async throws
        -> StackExchangeAnswer
    {
        if let deadline = deadline(for: method), let wait = Backoff(until: deadline, now: now()) {
            do {
                return StackExchangeAnswer(try await cachedOnly.load(request: request), backoffLeft: wait)
            } catch is HTTPCacheError {
                throw BackoffInEffect(method: method, secondsLeft: wait.seconds)
            }
        }
        let answer = StackExchangeAnswer(try await client.load(request: request))
        if answer.isFromOrigin, let wait = BackoffMapper.map(data: answer.data) {
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

/// A Stack Exchange method is under `backoff` and its answer is not cached. Exit status 2.
struct BackoffInEffect: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The API method, for example `questions`.
    let method: String
    /// Whole seconds until requests may be sent again.
    let secondsLeft: Int

    var description: String {
        "The Stack Exchange API asked to wait before calling /\(method) again (\(secondsLeft) seconds left), "
            + "and the answer is not cached."
    }

    var errorDescription: String? { description }

    var recoverySuggestion: String? {
        "Wait \(secondsLeft) seconds, or run `networking cache clear` to forget the wait."
    }
}

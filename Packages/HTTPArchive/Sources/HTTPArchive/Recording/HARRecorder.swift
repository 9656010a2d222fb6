import Foundation
import HTTPClient
import HTTPClientSupport

/// Collects the exchanges of one or more recording chains and writes them as one HAR 1.2 archive.
///
/// Give the same recorder to every chain whose traffic belongs in one file (see
/// `recording(to:baseURL:)`). Entries are kept in the order requests started.
/// The recorder is safe to use from many tasks at once; ``archive()`` and ``write(to:)`` may be called at
/// any time and hold every exchange completed so far.
///
/// Secrets are replaced by `"[redacted]"` when the archive is written, never dropped: values of headers and
/// query items whose name is in the redacted set, and of JSON body fields with such names at any depth.
///
/// ```swift
/// let recorder = HARRecorder()
/// let client = URLSessionClient(baseURL: api).recording(to: recorder, baseURL: api)
/// _ = try await client.load(request: QuestionsAPI.topQuestions(query))
/// try recorder.write(to: URL(filePath: "questions.har"))
/// ```
public final class HARRecorder: Sendable {
    /// Credentials in headers, cookies, and the usual OAuth and login fields.
    public static let defaultRedactedNames: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie",
        "access_token", "refresh_token", "id_token", "client_secret", "password",
    ]

    /// The value that replaces every redacted one.
    public static let redactedValue = "[redacted]"

    /// The most bytes of a streamed body an entry keeps as text: 64 KiB. The entry's `size` still counts
    /// every byte, and its `comment` says when the text was cut.
    public static let streamedTextLimit = 64 * 1024

    private struct State {
        var nextSequence = 0
        var exchanges: [RecordedExchange] = []
    }

    private let state = LockedValue(State())
    private let redaction: HARRedaction

    /// Creates an empty recorder.
    /// - Parameter redacting: Names (case-insensitive) of headers, query items and JSON fields whose values
    ///   are replaced by `"[redacted]"`; ``defaultRedactedNames`` unless given.
    public init(redacting: Set<String> = HARRecorder.defaultRedactedNames) {
        redaction = HARRedaction(names: redacting)
    }

    /// The number of exchanges recorded so far (requests still in flight are not counted).
    public var entryCount: Int {
        state.withLock { $0.exchanges.count }
    }

    /// The HAR 1.2 document of every exchange recorded so far, as UTF-8 JSON.
    public func archive() -> Data {
        do {
            return try HARCoding.encode(document())
        } catch {
            preconditionFailure("a HAR document of strings and numbers always encodes: \(error)")
        }
    }

    /// The document ``archive()`` writes, as values.
    public func document() -> HARArchive {
        let exchanges = state.withLock { $0.exchanges }.sorted { $0.sequence < $1.sequence }
        let entries = exchanges.map { $0.entry(redaction: redaction) }
        return HARArchive(log: HARLog(creator: HARCreator(name: "HTTPArchive", version: "1.0"), entries: entries))
    }

    /// Writes ``archive()`` to `url` atomically: readers see the old file or the whole new one.
    /// - Throws: ``HARArchiveError/cannotWrite(path:reason:)`` naming the file and the reason.
    public func write(to url: URL) throws {
        do {
            try archive().write(to: url, options: .atomic)
        } catch {
            throw HARArchiveError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Reserves the next place in start order for a request that is about to be sent.
    func begin() -> Int {
        state.withLock { state in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
    }

    /// Keeps a completed exchange.
    func finish(_ exchange: RecordedExchange) {
        state.withLock { $0.exchanges.append(exchange) }
    }
}

import Foundation
import HTTPClient
import HTTPClientSupport

/// An `HTTPClient` that answers from a HAR archive and never touches the network.
///
/// A request matches an entry by method, path and query (see <doc:RecordingAndReplaying>): the request's
/// `version/path` equals the recorded URL's path or its end after a `/`, so base-URL prefixes, schemes,
/// hosts and ports do not matter; query items compare as a multiset, in any order and percent-encoding
/// (a recorded `[redacted]` value matches any value of its name); headers are ignored. Several entries for
/// one request answer in recorded order, the last one repeating. A ``HARReplayMatching`` leaves query items out
/// of the comparison, or compares bodies too: a request's body (in memory) then equals the recorded one, as
/// bytes or as JSON (a recorded `"[redacted]"` value stands for any value).
/// Entries with status 0 throw their recorded error as an `HTTPTransportError`; an entry whose body the archive
/// does not hold whole (no text, `"[redacted]"`, or fewer bytes than `content.size`) throws
/// ``HARMissingBodyError`` rather than serve a body the server never sent.
///
/// Archives from browsers (Chrome, Firefox), mitmproxy's `hardump` and Charles read as well as this
/// package's own: `content.text` is taken as the decoded body, `encoding: "base64"` is honoured, and missing
/// optional fields are fine.
public struct HARReplayClient: HTTPClient {
    private let entries: [ReplayEntry]
    private let answered: AnsweredCounts
    private let matching: HARReplayMatching

    /// Reads an archive.
    /// - Throws: ``HARArchiveError`` when `archive` is not JSON, not HAR, or holds an unusable entry.
    public init(archive: Data) throws {
        try self.init(document: HARReplayClient.decode(archive))
    }

    /// Reads the archive at `url`.
    /// - Throws: ``HARArchiveError/cannotRead(path:reason:)`` when the file cannot be read, or what
    ///   ``init(archive:)`` throws.
    public init(contentsOf url: URL) throws {
        try self.init(contentsOf: url, matching: HARReplayMatching())
    }

    /// Reads the archive at `url` and answers by `matching`.
    /// - Throws: What ``init(contentsOf:)`` throws.
    public init(contentsOf url: URL, matching: HARReplayMatching) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw HARArchiveError.cannotRead(path: url.path, reason: error.localizedDescription)
        }
        try self.init(document: HARReplayClient.decode(data), matching: matching)
    }

    /// Answers from a document already in memory.
    /// - Throws: ``HARArchiveError/invalidEntry(index:reason:)`` for an entry whose body does not decode.
    public init(document: HARArchive) throws {
        try self.init(document: document, matching: HARReplayMatching())
    }

    /// Answers from a document already in memory, by `matching`.
    /// - Throws: What ``init(document:)`` throws.
    public init(document: HARArchive, matching: HARReplayMatching) throws {
        entries = try document.log.entries.enumerated().map { index, entry in
            try ReplayEntry(entry, index: index, matching: matching)
        }
        answered = AnsweredCounts()
        self.matching = matching
    }

    /// The number of entries in the archive.
    public var entryCount: Int { entries.count }

    /// The recorded answer to `request`: a body and response, or the recorded transport error. A recorded
    /// response is reported to `HTTPLoadObservation.current` as `HTTPAnswerSource.replay`.
    /// - Throws: ``HARReplayError`` when no entry matches; the recorded `HTTPTransportError` for a status-0 entry;
    ///   ``HARMissingBodyError`` when the archive lacks the entry's body.
    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        try answer(to: request, body: request.body)
    }

    /// The recorded answer to `request`, its body handed to `receive` in chunks of ``chunkSize`` bytes; `body`
    /// is not read (a rule that compares bodies compares it when it is in memory, else `request.body` when it
    /// is `nil`).
    /// Progress is reported after each chunk.
    /// - Throws: What ``load(request:)`` throws, or what `receive` throws.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let (data, response) = try answer(to: request, body: body.map(\.data) ?? request.body)
        let chunks = RecordedChunks(data: data, chunkSize: Self.chunkSize) { received in
            progress?(HTTPTransferProgress(bytesReceived: received, bytesExpectedToReceive: Int64(data.count)))
        }
        progress?(HTTPTransferProgress(bytesExpectedToReceive: Int64(data.count)))
        return try await receive(response, HTTPBody(chunks, length: .known(Int64(data.count))))
    }

    /// How many bytes ``stream(request:body:progress:receive:)`` hands over at a time: 64 KiB.
    public static let chunkSize = 64 * 1024

    private func answer(to request: any HTTPRequest, body: Data?) throws -> (Data, HTTPResponse) {
        let key = ReplayKey(request, body: body, matching: matching)
        let matches = entries.filter { key.isAnswered(by: $0.key) }
        guard !matches.isEmpty else { throw noMatch(for: request, key: key) }
        let entry = matches[answered.next(for: key, count: matches.count)]
        if let reason = entry.missingBody {
            throw HARMissingBodyError(method: key.method, url: RedactedURL.string(from: entry.url), reason: reason)
        }
        let answer = try entry.answer.get()
        HTTPLoadObservation.current.observe(.replay)
        return answer
    }

    private func noMatch(for request: any HTTPRequest, key: ReplayKey) -> HARReplayError {
        let ranked = entries.map { entry in
            (entry, ReplayDifferences.between(key, entry.key), EditDistance.between(key.summary, entry.key.summary))
        }
        let nearest = ranked.min { lhs, rhs in (lhs.1.count, lhs.2) < (rhs.1.count, rhs.2) }
        return HARReplayError(
            method: key.method, url: Self.relativeURL(of: request),
            nearest: nearest.map { "\($0.0.key.method) \(RedactedURL.string(from: $0.0.url))" },
            differences: nearest?.1 ?? [])
    }

    /// `/version/path?query` as `HTTPURLBuilder` would send it.
    private static func relativeURL(of request: any HTTPRequest) -> String {
        guard let base = URL(string: "http://replay"), let url = try? HTTPURLBuilder(baseURL: base).url(for: request)
        else { return "/\(request.version)/\(request.path)" }
        return String(url.absoluteString.dropFirst("http://replay".count))
    }

    private static func decode(_ data: Data) throws(HARArchiveError) -> HARArchive {
        do {
            return try JSONDecoder().decode(HARArchive.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw .notJSON(
                reason: (context.underlyingError ?? DecodingError.dataCorrupted(context)).localizedDescription)
        } catch let error as DecodingError {
            throw .notHAR(reason: DecodingDescription.describe(error))
        } catch {
            throw .notHAR(reason: error.localizedDescription)
        }
    }
}

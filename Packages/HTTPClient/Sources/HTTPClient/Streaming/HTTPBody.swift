import Foundation

/// A body as an asynchronous sequence of byte chunks.
///
/// A body made from `Data` or from a file is replayable: every reader gets every byte. A body made from
/// another sequence is single-pass: a second reader gets ``HTTPBodyError/alreadyRead``. When the
/// ``length`` is known, reading checks it, so a sequence that yields more or fewer bytes throws
/// ``HTTPBodyError/lengthMismatch(expected:received:)`` instead of ending quietly.
///
/// ```swift
/// let upload = try HTTPBody(contentsOf: photoURL)   // known length, read in chunks of fileChunkSize
/// for try await chunk in upload { hasher.update(data: chunk) }
/// ```
public struct HTTPBody: AsyncSequence, Sendable {
    /// A chunk of the body's bytes.
    public typealias Element = Data

    /// The body's length, when known before it is read.
    public let length: HTTPBodyLength

    let source: Source

    /// Where a body's bytes come from.
    enum Source: Sendable {
        case data(Data)
        case file(URL, chunkSize: Int, expected: FileSnapshot)
        case singlePass(SinglePassChunks)
        case concatenation([HTTPBody])
    }

    /// How many bytes a file body reads at a time: 64 KiB.
    public static let fileChunkSize = 64 * 1024

    /// The most bytes of a request body that a client without a native `stream` holds in memory: 64 MiB.
    public static let inMemoryLimit = 64 * 1024 * 1024

    init(source: Source, length: HTTPBodyLength) {
        self.source = source
        self.length = length
    }

    /// Whether every reader gets the whole body; `Data` and file bodies can be sent again.
    public var isReplayable: Bool {
        switch source {
        case .data, .file: true
        case .singlePass: false
        case .concatenation(let parts): parts.allSatisfy(\.isReplayable)
        }
    }

    /// The file a body made with ``init(contentsOf:)`` reads, for transports that can send a file directly;
    /// `nil` for every other body.
    ///
    /// A transport that sends the file itself checks that its size still equals ``length``.
    public var fileURL: URL? {
        if case .file(let url, _, _) = source { url } else { nil }
    }

    /// The bytes of a body made with ``init(_:)``, for code that can use them at once; `nil` for every other body.
    public var data: Data? {
        if case .data(let data) = source { data } else { nil }
    }

    /// A replayable body holding `data`.
    public init(_ data: Data) {
        self.init(source: .data(data), length: .known(Int64(data.count)))
    }

    /// A single-pass body reading `chunks`; when `length` is known, reading checks it.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: HTTPBodyLength)
    where Chunks.Element == Data {
        self.init(source: .singlePass(SinglePassChunks(chunks)), length: length)
    }

    /// A replayable body reading the regular file at `file` in chunks, with the file's size as its length.
    ///
    /// Reading checks the file's size and modification date against those found here, when it opens the
    /// file and before it yields the last chunk: a file that changed throws ``HTTPBodyError/fileChanged(path:)``
    /// instead of ending a transfer with torn or extra bytes.
    /// - Throws: ``HTTPBodyError/notARegularFile(path:)`` or ``HTTPBodyError/unreadableFile(path:underlying:)``.
    public init(contentsOf file: URL) throws {
        let path = file.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
        } catch {
            throw HTTPBodyError.unreadableFile(path: path, underlying: error)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular, let snapshot = FileSnapshot(attributes)
        else { throw HTTPBodyError.notARegularFile(path: path) }
        self.init(
            source: .file(file, chunkSize: Self.fileChunkSize, expected: snapshot), length: .known(snapshot.size))
    }

    /// Concatenates `parts` into one body: known length when every part's is, replayable when every part is.
    public init(concatenating parts: [HTTPBody]) {
        var total: Int64? = 0
        for part in parts {
            guard case .known(let count) = part.length, let sum = total else {
                total = nil
                break
            }
            let (next, overflow) = sum.addingReportingOverflow(count)
            total = overflow ? nil : next
        }
        self.init(source: .concatenation(parts), length: total.map(HTTPBodyLength.known) ?? .unknown)
    }

    /// Starts a reader; a single-pass body is claimed by the first reader that asks for a chunk.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: makeReader(), length: length)
    }

    func makeReader() -> any ChunkReader {
        switch source {
        case .data(let data): DataChunkReader(data)
        case .file(let url, let chunkSize, let expected):
            FileChunkReader(url: url, chunkSize: chunkSize, expected: expected)
        case .singlePass(let chunks): chunks.makeReader()
        case .concatenation(let parts): ConcatenatedChunkReader(parts)
        }
    }
}

import Foundation
import HTTPClient
import HTTPClientSupport

/// What a streamed request sends: nothing, bytes in memory, or a file the task reads itself.
///
/// A file body (`HTTPBody.fileURL`) is uploaded from its own file, once the file's size is found still equal to
/// the body's length. Any other small replayable body of known length is sent from memory; any other body is
/// first copied into a temporary file (FoundationNetworking's stream upload ends early when a read comes back
/// empty) and uploaded from there. Copying reads the body, so its known length is checked before anything is
/// sent.
struct UploadSource: Sendable {
    enum Content: Sendable {
        case none
        case data(Data)
        case file(URL)

        /// Whether there is a body to send.
        var sendsBytes: Bool {
            if case .none = self { false } else { true }
        }
    }

    /// The most bytes of a replayable body of known length sent from memory:
    /// ``URLSessionClient/inMemoryUploadLimit``.
    static let inMemoryLimit = Int64(URLSessionClient.inMemoryUploadLimit)

    let content: Content
    /// The request body's length.
    let length: Int64
    /// A temporary file made for the upload, which ``removeStagedFile()`` deletes.
    private let stagedFile: URL?

    private init(content: Content, length: Int64, stagedFile: URL? = nil) {
        self.content = content
        self.length = length
        self.stagedFile = stagedFile
    }

    /// The source for `body`, or for `data` (the request's own body) when `body` is `nil`.
    /// - Parameter directory: Where a body that is not sent from memory is copied to.
    /// - Throws: What reading `body` throws (`HTTPBodyError.lengthMismatch(expected:received:)` when it
    ///   breaks its known length, also when a file body's file changed size),
    ///   `HTTPTransportError.cancelled` when the Task is cancelled while copying
    ///   (also when the body's source throws `CancellationError`),
    ///   or `HTTPTransportError.other(underlying:)` with the file system's error.
    static func make(body: HTTPBody?, data: Data?, directory: URL) async throws -> UploadSource {
        guard let body else { return inMemory(data ?? Data()) }
        if let file = body.fileURL, case .known(let length) = body.length {
            return try direct(file, length: length)
        }
        if case .known(let length) = body.length, body.isReplayable, length <= inMemoryLimit {
            return inMemory(try await body.collect(upTo: Int(length)))
        }
        return try await staging(body, in: directory)
    }

    /// Deletes the temporary file made for the upload, if any.
    func removeStagedFile() {
        if let stagedFile { try? FileManager.default.removeItem(at: stagedFile) }
    }

    private static func inMemory(_ data: Data) -> UploadSource {
        UploadSource(content: data.isEmpty ? .none : .data(data), length: Int64(data.count))
    }

    /// The source reading `file` itself, after checking that its size is still `length`.
    /// - Throws: `HTTPBodyError.lengthMismatch(expected:received:)` when the size changed, or
    ///   `HTTPBodyError.unreadableFile(path:underlying:)` when the file cannot be inspected.
    private static func direct(_ file: URL, length: Int64) throws -> UploadSource {
        let size: Int64
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.resolvingSymlinksInPath().path)
            guard let count = (attributes[.size] as? NSNumber)?.int64Value else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            size = count
        } catch {
            throw HTTPBodyError.unreadableFile(path: file.path, underlying: error)
        }
        guard size == length else { throw HTTPBodyError.lengthMismatch(expected: length, received: size) }
        return length > 0 ? UploadSource(content: .file(file), length: length) : inMemory(Data())
    }

    private static func staging(_ body: HTTPBody, in directory: URL) async throws -> UploadSource {
        let url = directory.appendingPathComponent("URLSessionClient-upload-\(UUID().uuidString).body")
        let handle: FileHandle
        do {
            guard
                FileManager.default.createFile(
                    atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
            handle = try FileHandle(forWritingTo: url)
        } catch {
            throw HTTPTransportError.other(underlying: error)
        }
        do {
            let length = try await copy(body, to: handle)
            try? handle.close()
            let source = UploadSource(content: .file(url), length: length, stagedFile: url)
            guard length > 0 else {
                source.removeStagedFile()
                return UploadSource(content: .none, length: 0)
            }
            return source
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            throw error is CancellationError ? HTTPTransportError.cancelled : error
        }
    }

    /// Writes every chunk of `body` to `handle`; returns the byte count.
    private static func copy(_ body: HTTPBody, to handle: FileHandle) async throws -> Int64 {
        var length: Int64 = 0
        for try await chunk in body {
            try Task.checkCancellationAsTransportError()
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                throw HTTPTransportError.other(underlying: error)
            }
            length += Int64(chunk.count)
        }
        // A sequence may end early, without an error, when its reader is cancelled (AsyncStream does).
        try Task.checkCancellationAsTransportError()
        return length
    }
}

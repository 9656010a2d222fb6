import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file body read straight into libcurl's buffer by the read callback (loop thread): no pump task and no
/// intermediate chunk, as `curl -T` sends a file.
///
/// The file opens on the first read. Its size must equal the body's length then, and its size and modification
/// time must be unchanged when the last bytes are read, so a file that changed while it was sent fails with
/// `HTTPBodyError.fileChanged(path:)` before libcurl has the whole body, as `HTTPBody` reads a file.
final class FileUploadReader: Sendable {
    /// What `fstat` says of the open file: enough to tell that it changed.
    private struct Status: Equatable {
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
        let isRegular: Bool
    }

    private struct State {
        var descriptor: Int32 = -1
        var offset: Int64 = 0
        var opened: Status?
        var closed = false
    }

    let url: URL
    let length: Int64
    private let state = LockedValue(State())

    /// A reader of the `length` bytes of the file at `url`.
    init(url: URL, length: Int64) {
        self.url = url
        self.length = length
    }

    /// Reads the next bytes of the file into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> UploadChannel.Read {
        state.withLock { state in
            guard !state.closed else { return .abort(HTTPTransportError.cancelled) }
            do {
                if state.descriptor < 0 { try openFile(&state) }
                let remaining = length - state.offset
                guard remaining > 0, let base = buffer.baseAddress else { return .end }
                let count = try readSome(
                    state.descriptor, into: base, count: min(buffer.count, Int(remaining)),
                    at: state.offset)
                state.offset += Int64(count)
                if state.offset == length, try status(of: state.descriptor) != state.opened {
                    throw HTTPBodyError.fileChanged(path: url.path)
                }
                return .bytes(count)
            } catch {
                return .abort(error)
            }
        }
    }

    /// Starts the file again from its first byte, for a redirect or a rewind that sends the body again.
    func restart() {
        state.withLock { $0.offset = 0 }
    }

    /// Closes the file: the transfer is over.
    func close() {
        state.withLock { state in
            if state.descriptor >= 0 { closeDescriptor(state.descriptor) }
            state.descriptor = -1
            state.closed = true
        }
    }

    private func openFile(_ state: inout State) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(errno) }
        do {
            let opened = try status(of: descriptor)
            guard opened.isRegular else { throw HTTPBodyError.notARegularFile(path: url.path) }
            guard opened.size == length else { throw HTTPBodyError.fileChanged(path: url.path) }
            state.descriptor = descriptor
            state.opened = opened
        } catch {
            closeDescriptor(descriptor)
            throw error
        }
    }

    /// Reads up to `count` bytes at `offset`; a file that ends before them has shrunk since the body was made.
    private func readSome(_ descriptor: Int32, into base: UnsafeMutableRawPointer, count: Int, at offset: Int64)
        throws -> Int
    {
        while true {
            let read = pread(descriptor, base, count, off_t(offset))
            if read > 0 { return read }
            if read == 0 { throw HTTPBodyError.fileChanged(path: url.path) }
            if errno != EINTR { throw unreadable(errno) }
        }
    }

    private func status(of descriptor: Int32) throws -> Status {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw unreadable(errno) }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return Status(
            size: Int64(info.st_size), seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec),
            isRegular: info.st_mode & S_IFMT == S_IFREG)
    }

    private func unreadable(_ code: Int32) -> HTTPBodyError {
        .unreadableFile(path: url.path, underlying: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}

/// Closes `descriptor` (outside the reader, whose `close()` would shadow the system call).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file the tool writes (`--save-avatar PATH`, `--record FILE.har`), written the way the shell's `>` would
/// treat the path, except that a regular file is replaced atomically:
///
/// - a regular file, new or existing, is written to a temporary file in the same folder, then renamed over
///   the path: readers see the old file or the whole new one. An existing file keeps its permissions; a new
///   one gets ``newFileMode``;
/// - a symbolic link is followed: its target is written that way (the temporary file in the target's folder)
///   and the link stays a link;
/// - a FIFO or a character device is written in place (opened and written, never replaced);
/// - `-` is standard output.
public struct OutputFile: Sendable {
    /// Why the file could not be written, in one sentence.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible, LocalizedError {
        /// The folder the file would go in does not exist.
        case missingFolder(path: String, folder: String)
        /// The path names a folder, a socket or a block device.
        case notAFile(path: String)
        /// A system call failed.
        case cannotWrite(path: String, reason: String)

        /// The sentence, naming the path.
        public var description: String {
            switch self {
            case .missingFolder(let path, _): "Could not write \(path): the folder does not exist"
            case .notAFile(let path): "Could not write \(path): it is not a file, a FIFO or a character device"
            case .cannotWrite(let path, let reason): "Could not write \(path): \(reason)"
            }
        }

        /// The same sentence, for `LocalizedError`.
        public var errorDescription: String? { description }

        /// What to do about it.
        public var recoverySuggestion: String? {
            switch self {
            case .missingFolder: "Create the folder first, or choose another path."
            case .notAFile, .cannotWrite: "Choose another path."
            }
        }
    }

    /// The path as given; `-` is standard output.
    public let path: String
    /// The permissions of a file that does not exist yet, for example `0o644`.
    public let newFileMode: mode_t

    /// A file at `path` (`-` for standard output) that gets `newFileMode` when it does not exist yet.
    public init(path: String, newFileMode: mode_t) {
        self.path = path
        self.newFileMode = newFileMode
    }

    /// Writes `bytes` to the path as described above.
    /// - Throws: ``Error`` naming the path when the folder is missing, the path is not a file, or a system call
    ///   fails; a regular file is then left as it was.
    public func write(_ bytes: [UInt8]) throws(Error) {
        guard path != "-" else { return try writeThrough(STDOUT_FILENO, bytes, name: "standard output") }
        let target = try resolvedTarget()
        var status = stat()
        guard lstat(target, &status) == 0 else {
            guard errno == ENOENT else { throw failure(errno) }
            return try replace(target, with: bytes, mode: newFileMode)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            try replace(target, with: bytes, mode: status.st_mode & 0o7777)
        case S_IFIFO, S_IFCHR:
            let descriptor = open(target, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(errno) }
            defer { close(descriptor) }
            try writeThrough(descriptor, bytes, name: path)
        default:
            throw .notAFile(path: path)
        }
    }

    /// The path with every symbolic link along the last component followed (a link to a link too).
    private func resolvedTarget() throws(Error) -> String {
        do {
            return try LinkTarget.resolve(path)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
    }

    /// Writes a temporary file next to `target`, gives it `mode`, then renames it over `target`.
    private func replace(_ target: String, with bytes: [UInt8], mode: mode_t) throws(Error) {
        let folder = LinkTarget.folder(of: target)
        var template = Array((folder + "/." + Self.name(of: target) + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            guard code != ENOENT || stat(folder, &status) == 0 else {
                throw .missingFolder(path: path, folder: folder)
            }
            throw failure(code)
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(Error) {
            defer { close(descriptor) }
            try writeThrough(descriptor, bytes, name: path)
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw failure(errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code)
        }
    }

    private func writeThrough(_ descriptor: Int32, _ bytes: [UInt8], name: String) throws(Error) {
        do {
            try FileDescriptorIO.write(bytes, to: descriptor)
        } catch {
            throw .cannotWrite(path: name, reason: error.description)
        }
    }

    private func failure(_ code: Int32) -> Error {
        .cannotWrite(path: path, reason: FileDescriptorIO.Failure(code: code).description)
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

import CommandLineKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `files download NAME [--output PATH]` writes, decided before any byte is fetched, by the rules of every
/// file the tool writes: a symbolic link is followed, a FIFO or character device is written in place, `-` is
/// standard output, and a folder (or a path ending in `/`) takes the file inside it.
enum DownloadTarget: Equatable {
    /// A regular file, new or existing: written through `HTTPClient.download` (`NAME.partial` beside it, renamed
    /// into place when complete, resumable).
    case file(URL)
    /// A FIFO or character device, opened and written in place: no partial file, no resume.
    case inPlace(path: String)
    /// Standard output (`--output -`): no partial file, no resume.
    case standardOutput

    /// The target for the file `name` and the `--output` value `output`; relative paths start at `folder`.
    /// Without `output`, the file goes into `folder` under the last path component of `name`, so no name
    /// writes outside it.
    static func resolve(name: String, output: String?, in folder: URL) throws(DownloadTargetError) -> DownloadTarget {
        guard let output else { return try classify(path(folder.path, try fileName(of: name)), name: name) }
        if output == "-" { return .standardOutput }
        let path = output.hasPrefix("/") ? output : path(folder.path, output)
        guard output.hasSuffix("/") else { return try classify(path, name: name) }
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard isFolder(trimmed) else { throw .missingFolder(path: output) }
        return try classify(Self.path(trimmed, try fileName(of: name)), name: name, intoFolder: false)
    }

    /// The last path component of `name`: the file name a download takes by default.
    static func fileName(of name: String) throws(DownloadTargetError) -> String {
        guard let last = name.split(separator: "/").last.map(String.init), last != ".", last != "..",
            !last.contains("\0")
        else { throw .noFileName(name: name) }
        return last
    }

    /// `path` with its links followed, by what it names.
    private static func classify(_ path: String, name: String, intoFolder: Bool = true) throws(DownloadTargetError)
        -> DownloadTarget
    {
        let target: String
        do {
            target = try LinkTarget.resolve(path)
        } catch {
            throw .cannotInspect(path: path, reason: error.description)
        }
        var status = stat()
        guard lstat(target, &status) == 0 else {
            guard errno == ENOENT else { throw .cannotInspect(path: path, reason: String(cString: strerror(errno))) }
            guard isFolder(LinkTarget.folder(of: target)) else {
                throw .missingFolder(path: LinkTarget.folder(of: target))
            }
            return .file(URL(fileURLWithPath: target))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard access(target, W_OK) == 0 else { throw .readOnly(path: path) }
            return .file(URL(fileURLWithPath: target))
        case S_IFDIR where intoFolder:
            return try classify(Self.path(target, try fileName(of: name)), name: name, intoFolder: false)
        case S_IFIFO, S_IFCHR:
            return .inPlace(path: target)
        default:
            throw .notAFile(path: path)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func path(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

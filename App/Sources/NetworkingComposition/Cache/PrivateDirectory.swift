import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder a tool keeps its own files in, such as a cache: created where missing with mode 0700, and usable
/// only when it is a folder this process can write to.
enum PrivateDirectory {
    /// Why a folder cannot be used, as a clause that names the path (`"/tmp/x is not a directory"`).
    struct Problem: Error, Equatable, CustomStringConvertible {
        /// The clause, without a final period.
        let description: String
    }

    /// Creates the folder at `path` and every missing folder above it (mode 0700), then checks that it is a
    /// folder this process can write to.
    /// - Throws: ``Problem`` naming `path`, and the folder on the way that is in the way when it is another one.
    static func create(_ path: String) throws(Problem) {
        try makeDirectory(path, for: path)
    }

    /// Why ``create(_:)`` would fail for `path`, found without creating anything; `nil` when the folder can be
    /// used or created.
    static func problem(_ path: String) -> Problem? {
        var existing = path
        while kind(of: existing) == .missing {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return nil }
            existing = parent
        }
        do {
            try checkUsable(existing, for: path)
            return nil
        } catch {
            return error
        }
    }

    private static func makeDirectory(_ path: String, for target: String) throws(Problem) {
        guard kind(of: path) == .missing else { return try checkUsable(path, for: target) }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty { try makeDirectory(parent, for: target) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            let cause = errorText(errno)
            throw Problem(
                description: path == target
                    ? "\(target) cannot be created: \(cause)"
                    : "\(target) cannot be created: \(path): \(cause)")
        }
        try checkUsable(path, for: target)
    }

    /// `path` exists: it must be a directory this process can write to.
    private static func checkUsable(_ path: String, for target: String) throws(Problem) {
        let prefix = path == target ? "" : "\(target) cannot be created: "
        guard kind(of: path) == .directory else {
            throw Problem(description: prefix + "\(path) is not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw Problem(description: prefix + "\(path) is not writable (\(errorText(errno)))")
        }
    }

    private enum Kind { case missing, directory, other }

    private static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .other
    }

    /// The system's text for `code`, starting lowercase: "permission denied".
    private static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension CacheLocation {
    /// Creates the cache directory and `subdirectory` inside it (mode 0700, only what is missing), or says
    /// why the cache cannot be used: `HOME` is missing, a file is in the way, a folder is not writable.
    func prepare(_ subdirectory: URL) throws(CacheUnavailable) {
        try checkHome()
        try Self.makeDirectory(directory.path, for: directory.path)
        try Self.makeDirectory(subdirectory.path, for: subdirectory.path)
    }

    /// Why the cache cannot be used as things are, found without creating anything; `nil` when it can be
    /// used or created.
    func problem() -> CacheUnavailable? {
        do {
            try checkHome()
            var path = directory.path
            while Self.kind(of: path) == .missing {
                let parent = (path as NSString).deletingLastPathComponent
                guard parent != path, !parent.isEmpty else { return nil }
                path = parent
            }
            try Self.checkUsable(path, for: directory.path)
            return nil
        } catch {
            return error
        }
    }

    private func checkHome() throws(CacheUnavailable) {
        guard let home else { return }
        switch Self.kind(of: home.path) {
        case .directory: return
        case .missing: throw CacheUnavailable(reason: "HOME is \(home.path), which does not exist")
        case .other: throw CacheUnavailable(reason: "HOME is \(home.path), which is not a directory")
        }
    }

    private static func makeDirectory(_ path: String, for target: String) throws(CacheUnavailable) {
        guard kind(of: path) == .missing else { return try checkUsable(path, for: target) }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty { try makeDirectory(parent, for: target) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            let cause = errorText(errno)
            throw CacheUnavailable(
                reason: path == target
                    ? "\(target) cannot be created: \(cause)"
                    : "\(target) cannot be created: \(path): \(cause)")
        }
        try checkUsable(path, for: target)
    }

    /// `path` exists: it must be a directory this process can write to.
    private static func checkUsable(_ path: String, for target: String) throws(CacheUnavailable) {
        let prefix = path == target ? "" : "\(target) cannot be created: "
        guard kind(of: path) == .directory else {
            throw CacheUnavailable(reason: prefix + "\(path) is not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw CacheUnavailable(reason: prefix + "\(path) is not writable (\(errorText(errno)))")
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

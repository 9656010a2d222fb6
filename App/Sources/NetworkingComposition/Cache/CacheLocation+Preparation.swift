import Foundation

extension CacheLocation {
    /// Creates the cache directory and `subdirectory` inside it (mode 0700, only what is missing), or says
    /// why the cache cannot be used: `HOME` is missing, a file is in the way, a folder is not writable.
    package func prepare(_ subdirectory: URL) throws(CacheUnavailable) {
        try checkHome()
        do {
            try PrivateDirectory.create(directory.path)
            try PrivateDirectory.create(subdirectory.path)
        } catch {
            throw CacheUnavailable(reason: error.description)
        }
    }

    /// Why the cache cannot be used as things are, found without creating anything; `nil` when it can be
    /// used or created.
    package func problem() -> CacheUnavailable? {
        do {
            try checkHome()
        } catch {
            return error
        }
        return PrivateDirectory.problem(directory.path).map { CacheUnavailable(reason: $0.description) }
    }

    private func checkHome() throws(CacheUnavailable) {
        guard let home else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: home.path, isDirectory: &isDirectory) else {
            throw CacheUnavailable(reason: "HOME is \(home.path), which does not exist")
        }
        guard isDirectory.boolValue else {
            throw CacheUnavailable(reason: "HOME is \(home.path), which is not a directory")
        }
    }
}

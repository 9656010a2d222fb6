import Foundation
import NetworkingComposition

/// Decides which response cache a command runs with, and says so when it must run without one.
enum CacheSetup {
    /// The cache of `invocation`'s command. For `questions` and `question` the cache directory and the
    /// questions API's store are made ready first; when they cannot be, the command runs without a cache and
    /// `warn` gets one line saying why.
    /// - Throws: ``CacheUnavailable`` when `--offline` needs the cache and it cannot be used.
    static func cache(
        for invocation: Invocation, settings: Settings, archive: TrafficArchive, warn: (String) -> Void
    ) throws(CacheUnavailable) -> ResponseCache? {
        let location = try? settings.cacheLocation.get()
        guard usesCache(invocation.command), archive.replay == nil else {
            return archive.cache(location?.directory, mode: invocation.cacheMode)
        }
        do throws(CacheUnavailable) {
            let location = try settings.cacheLocation.get()
            guard let cache = archive.cache(location.directory, mode: invocation.cacheMode) else { return nil }
            let subdirectory = cache.directory(for: settings.questionsBaseURL)
            try location.prepare(subdirectory)
            do {
                _ = try cache.store(for: settings.questionsBaseURL)
            } catch {
                throw CacheUnavailable(reason: "\(subdirectory.path) cannot be used as a cache directory")
            }
            return cache
        } catch {
            if invocation.cacheMode == .offline { throw error }
            warn("networking: caching disabled: \(error.reason).\n")
            return nil
        }
    }

    /// Whether `command` reads or writes the response cache.
    private static func usesCache(_ command: Command) -> Bool {
        switch command {
        case .questions, .question: true
        default: false
        }
    }
}

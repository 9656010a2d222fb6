import CurlInfrastructure
import HTTPClientSupport

/// The process's one `CurlConnectionPool` for `--transport curl`, made when a chain first needs it, so a run
/// that never reaches the network starts no libcurl thread.
final class SharedCurlPool: Sendable {
    private let made = LockedValue<CurlConnectionPool?>(nil)
    private let settings: CurlConnectionPool.Settings

    /// A pool-to-be with `settings`; the library's defaults unless given.
    init(settings: CurlConnectionPool.Settings = CurlConnectionPool.Settings()) {
        self.settings = settings
    }

    /// The pool, made on the first call.
    /// - Throws: `CurlConnectionPool.SettingsError` when the settings are unusable.
    func pool() throws(CurlConnectionPool.SettingsError) -> CurlConnectionPool {
        try made.withLock { made throws(CurlConnectionPool.SettingsError) in
            if let made { return made }
            let pool = try CurlConnectionPool(settings: settings)
            made = pool
            return pool
        }
    }
}

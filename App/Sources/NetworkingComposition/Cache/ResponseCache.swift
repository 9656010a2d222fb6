import Foundation
import HTTPCaching

/// The tool's response cache on disk: one store per base URL, so answers of different servers never mix.
///
/// The directory is `$NETWORKING_CACHE_DIR`, else `$XDG_CACHE_HOME/networking`, else `$HOME/.cache/networking`.
/// Deleting it clears the cache.
public struct ResponseCache: Sendable {
    /// How long a Stack Exchange answer stays fresh: the API asks for the same request at most once a minute.
    public static let stackExchangeFreshness: Duration = .seconds(60)

    /// The directory holding one subdirectory per base URL.
    public var directory: URL
    /// Whether the cache answers, reloads, or answers alone (`--no-cache`, `--offline`).
    public var mode: HTTPCachePolicy.Mode

    /// Creates a cache in `directory`.
    public init(directory: URL, mode: HTTPCachePolicy.Mode = .normal) {
        self.directory = directory
        self.mode = mode
    }

    /// The subdirectory for `baseURL`: the whole URL, percent-encoded into one readable name.
    public func directory(for baseURL: URL) -> URL {
        directory.appendingPathComponent(Self.directoryName(for: baseURL.absoluteString), isDirectory: true)
    }

    /// `text` with every UTF-8 byte other than an ASCII letter, digit, `-` or `.` written as `%XX` (upper case
    /// hex): what `addingPercentEncoding(withAllowedCharacters:)` gives for that set, without the `CharacterSet`
    /// and `NSString` work it costs at the start of every cached command.
    package static func directoryName(for text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The store for `baseURL`, created (mode 0700) if missing.
    public func store(for baseURL: URL) throws -> DiskHTTPCacheStore {
        try DiskHTTPCacheStore(directory: directory(for: baseURL))
    }

    /// The cache directory the environment names, or `nil` when it names none (no `HOME` either).
    package static func directory(environment: [String: String]) -> URL? {
        try? location(environment: environment).get().directory
    }

    /// Where the environment puts the cache, or why it puts it nowhere.
    package static func location(environment: [String: String]) -> Result<CacheLocation, CacheUnavailable> {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        if let explicit = value(Settings.Variable.cacheDirectory) {
            return .success(CacheLocation(directory: URL(fileURLWithPath: explicit, isDirectory: true)))
        }
        if let xdg = value("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            let directory = URL(fileURLWithPath: xdg, isDirectory: true)
                .appendingPathComponent("networking", isDirectory: true)
            return .success(CacheLocation(directory: directory))
        }
        guard let home = value("HOME") else {
            return .failure(CacheUnavailable(reason: "none of NETWORKING_CACHE_DIR, XDG_CACHE_HOME and HOME is set"))
        }
        let homeURL = URL(fileURLWithPath: home, isDirectory: true)
        return .success(
            CacheLocation(
                directory: homeURL.appendingPathComponent(".cache/networking", isDirectory: true), home: homeURL))
    }
}

/// Where the cache lives: its directory and, when it is under `HOME`, the home directory, which the tool never
/// creates.
package struct CacheLocation: Equatable, Sendable {
    /// The directory holding one subdirectory per base URL.
    package var directory: URL
    /// `HOME`, when the directory is under it: it must exist already.
    package var home: URL?

    /// The cache in `directory`; `home` when that is under `HOME`.
    package init(directory: URL, home: URL? = nil) {
        self.directory = directory
        self.home = home
    }
}

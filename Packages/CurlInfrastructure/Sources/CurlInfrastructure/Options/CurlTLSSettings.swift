import CCurl
import Foundation
import HTTPClientSupport

/// `TLSOptions` as the libcurl option values a transfer sets, worked out once when the client is made.
///
/// With OpenSSL, `CURLOPT_CAINFO` replaces the bundle libcurl was built with, and `CURLOPT_CAPATH` the folder,
/// so each trust setting is spelled out here:
/// - `system` leaves both at libcurl's defaults;
/// - `only` sets `CURLOPT_CAINFO` to the given file and `CURLOPT_CAPATH` to the given folder, and clears the
///   one not given (otherwise libcurl's default folder, such as Debian's `/etc/ssl/certs`, would still count);
/// - `systemAnd` with a file reads libcurl's default bundle and the file once, here, and hands both to
///   `CURLOPT_CAINFO_BLOB`, which takes the place of `CURLOPT_CAINFO`; a folder becomes `CURLOPT_CAPATH`, in
///   place of libcurl's default folder (the default bundle still counts).
struct CurlTLSSettings: Sendable, Hashable {
    /// What one of libcurl's certificate authority options is set to.
    enum Location: Sendable, Hashable {
        /// libcurl's built-in default: the option is not set.
        case libcurlDefault
        /// Set to `NULL`: no file or folder.
        case cleared
        /// Set to this path.
        case path(String)
    }

    /// `CURLOPT_CAINFO`.
    var caFile: Location = .libcurlDefault
    /// `CURLOPT_CAINFO_BLOB`: PEM certificates in memory, in place of ``caFile``.
    var caBundle: Data?
    /// `CURLOPT_CAPATH`.
    var caFolder: Location = .libcurlDefault
    /// `CURLOPT_PINNEDPUBLICKEY`: `sha256//…;sha256//…`.
    var pinnedPublicKey: String?
    /// `CURLOPT_SSLCERT`, `CURLOPT_SSLKEY` and `CURLOPT_KEYPASSWD`, both files PEM.
    var clientIdentity: TLSOptions.ClientIdentity?
    /// `CURLOPT_SSLVERSION`: a `CURL_SSLVERSION_TLSv1_*` minimum.
    var minimumVersion: Int?

    /// Every option at libcurl's default.
    static let standard = CurlTLSSettings()

    /// The option values for `options`.
    /// - Parameter systemBundle: The bundle `TLSOptions.Trust.systemAnd(_:)` adds a file to; libcurl's built-in
    ///   one by default.
    /// - Throws: ``TLSOptionsError/unreadableFile(path:reason:)`` when a file to add, or the system bundle,
    ///   cannot be read.
    init(_ options: TLSOptions, systemBundle: URL? = Self.defaultBundle) throws(TLSOptionsError) {
        switch options.trust {
        case .system:
            break
        case .only(let authorities):
            caFile = authorities.file.map { .path($0.path) } ?? .cleared
            caFolder = authorities.folder.map { .path($0.path) } ?? .cleared
        case .systemAnd(let authorities):
            if let file = authorities.file {
                let system = try systemBundle.map { url throws(TLSOptionsError) in try Self.contents(of: url) }
                caBundle = (system.map { $0 + Data("\n".utf8) } ?? Data()) + (try Self.contents(of: file))
            }
            if let folder = authorities.folder { caFolder = .path(folder.path) }
        }
        if !options.pinnedKeys.isEmpty {
            pinnedPublicKey = options.pinnedKeys.map(\.description).joined(separator: ";")
        }
        clientIdentity = options.clientIdentity
        minimumVersion = options.minimumVersion.map {
            switch $0 {
            case .tls12: Int(CURL_SSLVERSION_TLSv1_2)
            case .tls13: Int(CURL_SSLVERSION_TLSv1_3)
            }
        }
    }

    private init() {}

    /// Settings that trust the PEM file `certificateAuthorities` in place of libcurl's default bundle, as the
    /// `certificateAuthorities:` initializers of ``CurlClient`` do.
    init(certificateAuthorities: URL?) {
        caFile = certificateAuthorities.map { .path($0.path) } ?? .libcurlDefault
    }

    /// The PEM bundle libcurl was built with, if any.
    static var defaultBundle: URL? {
        ccurl_default_ca_file().map { URL(fileURLWithPath: String(cString: $0)) }
    }

    private static func contents(of file: URL) throws(TLSOptionsError) -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadableFile(path: file.path, reason: (error as NSError).localizedDescription)
        }
    }
}

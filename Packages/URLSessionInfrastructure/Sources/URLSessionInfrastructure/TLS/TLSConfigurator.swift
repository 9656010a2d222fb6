import Foundation
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts `TLSOptions` into a session configuration and the session delegate's server trust check, or refuses
/// an option URLSession cannot honour here, naming it as curl's option.
enum TLSConfigurator {
    #if canImport(Darwin)
        /// Sets `configuration`'s minimum TLS version and returns the check the delegate applies to each server
        /// (`nil` when the system's own suffices).
        /// - Throws: `TransportConfigurationError.unsupportedTLSOption(_:reason:)` for a client identity, or
        ///   `invalidTLSOptions` for a certificate file that cannot be read.
        static func apply(
            _ tls: TLSOptions, to configuration: URLSessionConfiguration
        ) throws(TransportConfigurationError) -> ServerTrustPolicy? {
            if tls.clientIdentity != nil {
                throw .unsupportedTLSOption(
                    "--cert/--key",
                    reason: "URLSession takes a client identity from the keychain or a PKCS #12 file, not PEM files; "
                        + "use CurlClient")
            }
            switch tls.minimumVersion {
            case .tls12: configuration.tlsMinimumSupportedProtocolVersion = .TLSv12
            case .tls13: configuration.tlsMinimumSupportedProtocolVersion = .TLSv13
            case nil: break
            }
            return try ServerTrustPolicy(tls)
        }
    #else
        /// Refuses every option other than the default: FoundationNetworking sets none of libcurl's TLS options
        /// and has no server trust challenge.
        /// - Throws: `TransportConfigurationError.unsupportedTLSOption(_:reason:)` naming the first option set.
        static func apply(
            _ tls: TLSOptions, to configuration: URLSessionConfiguration
        ) throws(TransportConfigurationError) {
            let cannot = "URLSession on Linux (FoundationNetworking) cannot"
            switch tls.trust {
            case .system: break
            case .systemAnd(let authorities), .only(let authorities):
                throw .unsupportedTLSOption(
                    authorities.file == nil ? "--capath" : "--cacert",
                    reason: "\(cannot) trust certificate authorities other than the system's; use CurlClient")
            }
            if !tls.pinnedKeys.isEmpty {
                throw .unsupportedTLSOption(
                    "--pinnedpubkey", reason: "\(cannot) check a server's public key against pins; use CurlClient")
            }
            if tls.clientIdentity != nil {
                throw .unsupportedTLSOption(
                    "--cert/--key", reason: "\(cannot) present a client certificate; use CurlClient")
            }
            if let version = tls.minimumVersion {
                throw .unsupportedTLSOption(
                    "--tlsv\(version.rawValue)", reason: "\(cannot) set a minimum TLS version; use CurlClient")
            }
        }
    #endif
}

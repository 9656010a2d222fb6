import Foundation

/// How a transport secures its `https` connections: which certificate authorities it trusts, which server keys
/// it accepts, the certificate it presents, and the oldest TLS version it speaks.
///
/// Both transports take it at creation. `CurlClient` honours every option (as libcurl's `CURLOPT_CAINFO`,
/// `CURLOPT_CAPATH`, `CURLOPT_PINNEDPUBLICKEY`, `CURLOPT_SSLCERT`/`CURLOPT_SSLKEY`/`CURLOPT_KEYPASSWD` and
/// `CURLOPT_SSLVERSION`); a transport that cannot honour one throws when it is created, naming it, and never
/// ignores it. The default value, ``init(trust:pinnedKeys:clientIdentity:minimumVersion:)`` with no arguments,
/// changes nothing: the system's certificate authorities, no pins, no client certificate, the transport's own
/// minimum version.
///
/// ```swift
/// let tls = TLSOptions(
///     trust: .only(try .init(file: URL(fileURLWithPath: "internal-ca.pem"))),
///     pinnedKeys: try TLSOptions.PublicKeyPin.list(parsing: "sha256//AAAA...=;sha256//BBBB...="),
///     minimumVersion: .tls13)
/// ```
public struct TLSOptions: Sendable, Hashable {
    /// The certificate authorities a server's certificate must chain to.
    public var trust: Trust
    /// The server public keys accepted, checked during the handshake, before any byte of a request is sent;
    /// empty accepts any key the ``trust`` check passed.
    public var pinnedKeys: [PublicKeyPin]
    /// The certificate and key presented to servers that ask for one (mutual TLS); `nil` presents none.
    public var clientIdentity: ClientIdentity?
    /// The oldest TLS version allowed; `nil` leaves the transport's default.
    public var minimumVersion: TLSVersion?

    /// Options with the given values; the defaults change nothing.
    public init(
        trust: Trust = .system, pinnedKeys: [PublicKeyPin] = [], clientIdentity: ClientIdentity? = nil,
        minimumVersion: TLSVersion? = nil
    ) {
        self.trust = trust
        self.pinnedKeys = pinnedKeys
        self.clientIdentity = clientIdentity
        self.minimumVersion = minimumVersion
    }

    /// The system's certificate authorities, no pins, no client certificate and the transport's minimum version.
    public static let standard = TLSOptions()

    /// Whether every option has its default, so a transport has nothing to set.
    public var isStandard: Bool { self == .standard }
}

extension TLSOptions: CustomStringConvertible {
    /// The options that differ from the defaults, with any key password redacted; `standard` when none do.
    public var description: String {
        var parts: [String] = []
        if trust != .system { parts.append("trust: \(trust)") }
        if !pinnedKeys.isEmpty { parts.append("pins: \(pinnedKeys.map(\.description).joined(separator: ";"))") }
        if let clientIdentity { parts.append("client identity: \(clientIdentity)") }
        if let minimumVersion { parts.append("minimum version: \(minimumVersion)") }
        return parts.isEmpty ? "standard" : parts.joined(separator: ", ")
    }
}

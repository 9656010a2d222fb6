/// A TLS protocol version a client may require as its minimum.
public enum TLSVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// TLS 1.2 (RFC 5246).
    case tls12 = "1.2"
    /// TLS 1.3 (RFC 8446).
    case tls13 = "1.3"

    /// `TLS 1.2` or `TLS 1.3`.
    public var description: String { "TLS \(rawValue)" }
}

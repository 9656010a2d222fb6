import Foundation

/// Why TLS options could not be made or used; every case names the offending input.
public enum TLSOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A public key pin is not `sha256//` and the base64 of a 32-byte digest; the reason says what is wrong.
    case invalidPin(String, reason: String)
    /// Certificate authorities were asked for without a file or a folder.
    case noCertificateAuthorities
    /// A file the options name could not be read; the reason is the system's.
    case unreadableFile(path: String, reason: String)

    /// A one-line description naming the input and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidPin(let text, let reason):
            "Invalid public key pin \"\(text)\": \(reason)"
        case .noCertificateAuthorities:
            "Certificate authorities need a file, a folder or both"
        case .unreadableFile(let path, let reason):
            "Cannot read \(path): \(reason)"
        }
    }
}

extension TLSOptionsError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

import Foundation

/// Which `HTTPClient` every chain starts from: `--transport`, then `NETWORKING_TRANSPORT`, then ``platformDefault``.
public enum TransportChoice: String, CaseIterable, Sendable {
    /// `CurlClient`: libcurl's multi interface on a thread of its own.
    case curl
    /// `URLSessionClient`: the platform's URLSession.
    case urlsession

    /// `curl` on Linux, where FoundationNetworking spins a core while a new connection waits; `urlsession`
    /// on Apple platforms.
    public static let platformDefault: TransportChoice = {
        #if canImport(FoundationNetworking)
            .curl
        #else
            .urlsession
        #endif
    }()
}

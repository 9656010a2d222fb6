import Foundation

/// Where the systems this tool runs on keep their certificate authorities: a variable that names one of these
/// asks for the system store, which every transport already trusts, not for authorities of its own.
///
/// Shells and containers often export `SSL_CERT_FILE`, `SSL_CERT_DIR` or `CURL_CA_BUNDLE` pointing at these, so
/// they ask for nothing `URLSessionClient` cannot do.
enum SystemCertificateAuthorities {
    /// The bundle files: Debian and Ubuntu, Fedora and RHEL, openSUSE, Alpine and macOS.
    static let files: Set<String> = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
        "/etc/ssl/cert.pem",
    ]
    /// The hashed folders: Debian, Ubuntu and Alpine.
    static let folders: Set<String> = ["/etc/ssl/certs", "/etc/ssl/certs/"]

    /// Whether `path` names the system's own store: one of ``files`` (with `folder` false) or ``folders``.
    static func contains(_ path: String, folder: Bool) -> Bool {
        folder ? folders.contains(path) : files.contains(path)
    }
}

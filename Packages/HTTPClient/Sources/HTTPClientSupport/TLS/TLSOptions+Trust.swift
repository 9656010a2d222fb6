import Foundation

extension TLSOptions {
    /// The certificate authorities a server's certificate must chain to.
    public enum Trust: Sendable, Hashable, CustomStringConvertible {
        /// The system's certificate authorities (for libcurl, the bundle it was built with).
        case system
        /// The system's certificate authorities and these.
        case systemAnd(CertificateAuthorities)
        /// These certificate authorities alone, as curl's `--cacert` does.
        case only(CertificateAuthorities)

        /// `system`, or `system and …`/`only …` with the file and folder.
        public var description: String {
            switch self {
            case .system: "system"
            case .systemAnd(let authorities): "system and \(authorities)"
            case .only(let authorities): "only \(authorities)"
            }
        }
    }

    /// Certificate authorities from a PEM file, a folder of them, or both.
    public struct CertificateAuthorities: Sendable, Hashable, CustomStringConvertible {
        /// A PEM file of one or more certificates (curl's `--cacert`, `CURLOPT_CAINFO`).
        public let file: URL?
        /// A folder of PEM certificates named by their subject hash, as `openssl rehash` or `c_rehash` leave it
        /// (curl's `--capath`, `CURLOPT_CAPATH`).
        public let folder: URL?

        /// Certificate authorities from `file`, `folder`, or both.
        /// - Throws: ``TLSOptionsError/noCertificateAuthorities`` when both are `nil`.
        public init(file: URL? = nil, folder: URL? = nil) throws(TLSOptionsError) {
            guard file != nil || folder != nil else { throw .noCertificateAuthorities }
            self.file = file
            self.folder = folder
        }

        /// `file PATH`, `folder PATH`, or both.
        public var description: String {
            [file.map { "file \($0.path)" }, folder.map { "folder \($0.path)" }].compactMap { $0 }
                .joined(separator: " and ")
        }
    }
}

import Foundation

extension TLSOptions {
    /// The certificate a client presents when a server asks for one (mutual TLS), and its private key.
    public struct ClientIdentity: Sendable, Hashable, CustomStringConvertible {
        /// A PEM file with the client certificate first, then any intermediate certificates.
        public let certificate: URL
        /// A PEM file with the certificate's private key.
        public let privateKey: URL
        /// The password of an encrypted private key; `nil` for one stored unencrypted.
        public let password: String?

        /// An identity from PEM files.
        public init(certificate: URL, privateKey: URL, password: String? = nil) {
            self.certificate = certificate
            self.privateKey = privateKey
            self.password = password
        }

        /// The two paths, and `password [redacted]` when there is one: the password itself never appears.
        public var description: String {
            "certificate \(certificate.path), key \(privateKey.path)" + (password == nil ? "" : ", password [redacted]")
        }
    }
}

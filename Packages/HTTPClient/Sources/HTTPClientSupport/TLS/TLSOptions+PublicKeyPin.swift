import Foundation

extension TLSOptions {
    /// One accepted server key: the SHA-256 digest of its DER-encoded SubjectPublicKeyInfo, written as curl's
    /// `--pinnedpubkey` takes it, `sha256//` and the digest in base64.
    ///
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256
    /// -binary | openssl base64` prints the base64 part for a certificate.
    public struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
        /// The prefix of the pin's text form.
        public static let prefix = "sha256//"

        /// The 32 bytes of the SHA-256 digest.
        public let sha256: Data

        /// The pin written as `sha256//BASE64`.
        /// - Throws: ``TLSOptionsError/invalidPin(_:reason:)`` naming `text` when it lacks the prefix, its
        ///   base64 does not decode, or the digest is not 32 bytes.
        public init(parsing text: String) throws(TLSOptionsError) {
            guard text.hasPrefix(Self.prefix) else {
                throw .invalidPin(text, reason: "it must start with \(Self.prefix)")
            }
            guard let digest = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))) else {
                throw .invalidPin(text, reason: "the part after \(Self.prefix) is not base64")
            }
            try self.init(sha256: digest, text: text)
        }

        /// The pin of the digest `sha256`.
        /// - Throws: ``TLSOptionsError/invalidPin(_:reason:)`` when `sha256` is not 32 bytes.
        public init(sha256: Data) throws(TLSOptionsError) {
            try self.init(sha256: sha256, text: Self.prefix + sha256.base64EncodedString())
        }

        private init(sha256: Data, text: String) throws(TLSOptionsError) {
            guard sha256.count == 32 else {
                throw .invalidPin(text, reason: "a SHA-256 digest is 32 bytes, not \(sha256.count)")
            }
            self.sha256 = sha256
        }

        /// The pins in curl's list form, `sha256//…;sha256//…`; spaces around each are ignored.
        /// - Throws: ``TLSOptionsError/invalidPin(_:reason:)`` for the first pin that is not valid, or for a
        ///   list without any.
        public static func list(parsing text: String) throws(TLSOptionsError) -> [PublicKeyPin] {
            let items = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !items.isEmpty else { throw .invalidPin(text, reason: "it names no pin") }
            return try items.map { item throws(TLSOptionsError) in try PublicKeyPin(parsing: item) }
        }

        /// `sha256//BASE64`.
        public var description: String { Self.prefix + sha256.base64EncodedString() }
    }
}

#if canImport(Darwin)
    import CryptoKit
    import Foundation
    import HTTPClient
    import HTTPClientSupport
    import Security

    /// The check an Apple platform's session delegate applies to a server's certificate chain: extra or only
    /// certificate authorities, then the public key pins. Linux never builds it (see ``TLSConfigurator``).
    struct ServerTrustPolicy: Sendable {
        /// The DER of each certificate authority to trust.
        let anchors: [Data]
        /// Whether ``anchors`` replace the system's, rather than add to them.
        let anchorsOnly: Bool
        /// The SHA-256 digests of the accepted SubjectPublicKeyInfos; empty accepts any.
        let pins: Set<Data>

        /// The policy for `tls`, or `nil` when it checks nothing beyond the system's evaluation.
        /// - Throws: `TransportConfigurationError.invalidTLSOptions(_:)` for a certificate file that cannot be read.
        init?(_ tls: TLSOptions) throws(TransportConfigurationError) {
            switch tls.trust {
            case .system:
                anchors = []
                anchorsOnly = false
            case .systemAnd(let authorities):
                anchors = try Self.certificates(authorities)
                anchorsOnly = false
            case .only(let authorities):
                anchors = try Self.certificates(authorities)
                anchorsOnly = true
            }
            pins = Set(tls.pinnedKeys.map(\.sha256))
            if tls.trust == .system && pins.isEmpty { return nil }
        }

        /// Why `trust` fails this policy, or `nil` when it passes.
        func failure(of trust: SecTrust) -> HTTPTransportError? {
            if !anchors.isEmpty {
                let certificates = anchors.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
                SecTrustSetAnchorCertificates(trust, certificates as CFArray)
                SecTrustSetAnchorCertificatesOnly(trust, anchorsOnly)
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                let cause = ServerTrustError(description: error.map { "\($0)" } ?? "the server's chain is not trusted")
                switch OSStatus(error.map(CFErrorGetCode) ?? 0) {
                case errSecCertificateExpired, errSecCertificateNotValidYet:
                    return .certificateOutsideValidityPeriod(underlying: cause)
                case errSecHostNameMismatch:
                    return .certificateNameMismatch(underlying: cause)
                default:
                    return .untrustedCertificate(underlying: cause)
                }
            }
            guard !pins.isEmpty else { return nil }
            let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []
            let key = chain.first.flatMap {
                SubjectPublicKeyInfo.der(inCertificate: SecCertificateCopyData($0) as Data)
            }
            if let key, pins.contains(Data(SHA256.hash(data: key))) { return nil }
            return .pinnedKeyMismatch(
                underlying: ServerTrustError(description: "the server's public key matches none of the pins"))
        }

        private static func certificates(
            _ authorities: TLSOptions.CertificateAuthorities
        ) throws(TransportConfigurationError) -> [Data] {
            var files = authorities.file.map { [$0] } ?? []
            if let folder = authorities.folder {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                files += names.sorted().map { folder.appendingPathComponent($0) }
            }
            var certificates: [Data] = []
            for file in files {
                do {
                    certificates += PEMCertificates.der(in: try Data(contentsOf: file))
                } catch  where file == authorities.file {
                    throw .invalidTLSOptions(.unreadableFile(path: file.path, reason: error.localizedDescription))
                } catch {
                    continue  // a folder's entry that is not a readable file
                }
            }
            return certificates
        }
    }

    /// Why the session delegate refused a server's certificate chain.
    struct ServerTrustError: Error, Sendable, CustomStringConvertible {
        /// The system's evaluation error, or the check that failed.
        let description: String
    }
#endif

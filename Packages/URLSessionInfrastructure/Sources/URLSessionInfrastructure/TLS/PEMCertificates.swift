import Foundation

/// Reads the certificates out of PEM text: the DER bytes of each `CERTIFICATE` block, in order.
enum PEMCertificates {
    /// The DER of every `-----BEGIN CERTIFICATE-----` block in `pem`; blocks that are not base64 are skipped.
    static func der(in pem: Data) -> [Data] {
        let text = String(decoding: pem, as: UTF8.self)
        var certificates: [Data] = []
        var body: String?
        for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line == "-----BEGIN CERTIFICATE-----" {
                body = ""
            } else if line == "-----END CERTIFICATE-----" {
                if let body, let der = Data(base64Encoded: body) { certificates.append(der) }
                body = nil
            } else if body != nil {
                body?.append(line)
            }
        }
        return certificates
    }
}

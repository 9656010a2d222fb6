import Foundation
import HTTPClient

extension HTTPDigest {
    /// The digests of the whole file that `response` states (RFC 9530), for the algorithms a download checks.
    ///
    /// `Repr-Digest` always (it covers the whole representation, also in a `206`); `Content-Digest` only in a
    /// `200`, where the content is the whole file. None when the response is content-coded: the bytes written
    /// may be decoded ones. A member of another algorithm, or whose value is not a byte sequence of the
    /// algorithm's length, is not one.
    static func stated(in response: HTTPResponse) -> [HTTPDigest] {
        let headers = response.headers ?? HTTPHeaders()
        if let encoding = headers["Content-Encoding"], encoding.lowercased() != "identity" { return [] }
        var fields = [headers["Repr-Digest"]]
        if response.statusCode == 200 { fields.append(headers["Content-Digest"]) }
        return fields.compactMap { $0 }.flatMap(members(of:))
    }

    /// The members of a `Repr-Digest` or `Content-Digest` dictionary (RFC 8941) that name a known algorithm
    /// with a byte-sequence value (`sha-256=:BASE64:`), parameters ignored.
    static func members(of field: String) -> [HTTPDigest] {
        field.split(separator: ",").compactMap { member in
            let parts = member.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                let algorithm = Algorithm(rawValue: parts[0].trimmingCharacters(in: .whitespaces).lowercased())
            else { return nil }
            let value = parts[1].split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard trimmed.count >= 2, trimmed.hasPrefix(":"), trimmed.hasSuffix(":"),
                let bytes = Data(base64Encoded: String(trimmed.dropFirst().dropLast()))
            else { return nil }
            return try? HTTPDigest(algorithm: algorithm, bytes: bytes)
        }
    }
}

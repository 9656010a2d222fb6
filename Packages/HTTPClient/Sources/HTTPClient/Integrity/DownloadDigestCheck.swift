import Foundation

/// The hash of a download's bytes as they are written, and the digests the whole file must have.
struct DownloadDigestCheck: Sendable {
    /// The SHA-256 state after every byte of the partial file.
    var hash: SHA256
    /// The digests the server stated and the caller expects.
    let expected: [HTTPDigest]

    /// `record` noting that the partial file holds `length` bytes with the hash so far.
    func keeping(_ record: DownloadResumeRecord, length: Int64) -> DownloadResumeRecord {
        var record = record
        record.keptLength = length
        record.keptSHA256 = HTTPDigest.hex(hash.finalize())
        return record
    }

    /// Throws ``HTTPDownloadError/digestMismatch(algorithm:expected:actual:)`` for the first expected digest
    /// the bytes do not have.
    func verify() throws(HTTPDownloadError) {
        let actual = hash.finalize()
        for digest in expected where digest.algorithm == .sha256 && digest.bytes != actual {
            throw .digestMismatch(algorithm: .sha256, expected: digest.hex, actual: HTTPDigest.hex(actual))
        }
    }

    /// Whether `error` is a digest mismatch: the bytes are not the file, so nothing of them is kept.
    static func isMismatch(_ error: any Error) -> Bool {
        guard case HTTPDownloadError.digestMismatch = error else { return false }
        return true
    }
}

extension DownloadAttempt {
    /// The digests of the whole file `response` states; for a response `continuing` the partial file that
    /// states none, the ones its first response stated.
    func statedDigests(of response: HTTPResponse, continuing: Bool) -> [HTTPDigest] {
        let stated = HTTPDigest.stated(in: response)
        guard stated.isEmpty, continuing, let recorded = resume?.record.statedDigests else { return stated }
        return recorded.flatMap(HTTPDigest.members(of:))
    }
}

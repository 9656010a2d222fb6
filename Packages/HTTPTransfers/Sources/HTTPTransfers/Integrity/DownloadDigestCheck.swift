import Foundation
import HTTPClient

/// The digests a download's whole file must have, and the SHA-256 of its bytes as they are written when there
/// is one to check. A download with none hashes nothing on its way: the resume record's digest of the kept bytes
/// is then read back from the partial file, once, when a transfer stops.
struct DownloadDigestCheck: Sendable {
    /// The SHA-256 state after every byte of the partial file; `nil` when no digest is expected.
    private(set) var hash: SHA256?
    /// The digests the server stated and the caller expects.
    let expected: [HTTPDigest]
    /// The SHA-256 of the bytes the partial file held before this attempt wrote.
    private let start: SHA256

    /// A check of `expected`, going on from `start`, the hash of the bytes the partial file holds already.
    init(start: SHA256, expected: [HTTPDigest]) {
        self.start = start
        self.expected = expected
        hash = expected.isEmpty ? nil : start
    }

    /// Adds bytes just written to the partial file.
    mutating func update(_ chunk: Data) {
        hash?.update(chunk)
    }

    /// `record` noting that the partial file holds the bytes it held before this attempt, with their hash.
    func keepingStart(_ record: DownloadResumeRecord, length: Int64) -> DownloadResumeRecord {
        Self.keeping(record, length: length, hash: start)
    }

    /// `record` noting that the partial file of `files` holds `length` bytes, with the hash so far, or read
    /// back from the file when not hashing; `nil` when the file cannot be read.
    func keeping(_ record: DownloadResumeRecord, length: Int64, in files: DownloadFiles) -> DownloadResumeRecord? {
        guard let hash = hash ?? files.hashOfPartial() else { return nil }
        return Self.keeping(record, length: length, hash: hash)
    }

    /// Throws ``HTTPDownloadError/digestMismatch(algorithm:expected:actual:)`` for the first expected digest
    /// the bytes do not have.
    func verify() throws(HTTPDownloadError) {
        guard let hash else { return }
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

    private static func keeping(_ record: DownloadResumeRecord, length: Int64, hash: SHA256) -> DownloadResumeRecord {
        var record = record
        record.keptLength = length
        record.keptSHA256 = HTTPDigest.hex(hash.finalize())
        return record
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

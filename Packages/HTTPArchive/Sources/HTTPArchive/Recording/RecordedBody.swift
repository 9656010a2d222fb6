import Foundation
import HTTPClient

/// What the recorder saw of one body: its first bytes (up to ``textLimit`` for a streamed body, all of them for
/// a loaded one), how many bytes passed, and whether it was read to its end.
struct RecordedBody: Sendable {
    /// The most bytes of a streamed body kept for the archive's text: ``HARRecorder/streamedTextLimit``.
    static let textLimit = HARRecorder.streamedTextLimit

    /// The first bytes of the body, at most ``textLimit`` when streamed.
    var prefix: Data
    /// Every byte that passed, kept or not.
    var byteCount: Int64
    /// The length the body declared.
    var length: HTTPBodyLength
    /// Whether the reader reached the body's end.
    var ended: Bool
    /// The description of the error that ended reading, if one did.
    var failure: String?

    /// A body loaded whole.
    init(whole data: Data) {
        self.init(prefix: data, byteCount: Int64(data.count), length: .known(Int64(data.count)), ended: true)
    }

    init(prefix: Data, byteCount: Int64, length: HTTPBodyLength, ended: Bool, failure: String? = nil) {
        self.prefix = prefix
        self.byteCount = byteCount
        self.length = length
        self.ended = ended
        self.failure = failure
    }

    /// Whether the text leaves out bytes that passed.
    var isTruncated: Bool { byteCount > Int64(prefix.count) }

    /// What a reader of the archive should know: that the text is cut short, and how reading ended when it did
    /// not reach the end; `nil` for a body recorded whole.
    var comment: String? {
        var notes: [String] = []
        if isTruncated {
            notes.append("The text is truncated: it holds the first \(kept.count) of \(byteCount) bytes.")
        }
        if let failure {
            notes.append("Reading the body failed after \(byteCount) bytes: \(failure)")
        } else if !ended {
            var note = "The reader stopped after \(byteCount) bytes"
            if case .known(let expected) = length { note += " of \(expected)" }
            notes.append(note + ".")
        }
        return notes.isEmpty ? nil : notes.joined(separator: " ")
    }

    /// The bytes the text holds: the prefix, cut at a character boundary when it is truncated UTF-8 text.
    var kept: Data {
        guard isTruncated else { return prefix }
        for cut in 0...3 where prefix.count > cut {
            let candidate = prefix.dropLast(cut)
            if String(validating: candidate, as: UTF8.self) != nil { return Data(candidate) }
        }
        return prefix
    }

    /// The archive's `text`, `encoding` and `comment`: ``HARBody/text(of:redaction:redactsWholeBody:)`` for a
    /// whole body. A truncated text holds ``kept``, and is left out (no text, a comment saying why) when it
    /// mentions any redacted name, since a cut JSON body cannot be parsed for its secret fields.
    func text(redaction: HARRedaction, redactsWholeBody: Bool) -> (text: String?, encoding: String?, comment: String?) {
        if redactsWholeBody, byteCount > 0 { return (nil, nil, Self.joined(HARBody.secretBodyNote, comment)) }
        guard isTruncated, !prefix.isEmpty else {
            let text = HARBody.text(of: prefix, redaction: redaction, redactsWholeBody: false)
            return (text.text, text.encoding, comment)
        }
        guard let text = String(validating: kept, as: UTF8.self) else {
            return (prefix.base64EncodedString(), "base64", comment)
        }
        guard !redaction.mentionsSecret(text) else {
            let note =
                "The body is not recorded: its first bytes mention a secret name, and a cut body cannot be "
                + "redacted field by field."
            return (nil, nil, Self.joined(note, comment))
        }
        return (text, nil, comment)
    }

    private static func joined(_ note: String, _ comment: String?) -> String {
        comment.map { "\(note) \($0)" } ?? note
    }
}

import Foundation
import HTTPClient

/// One archive entry, ready to answer: its key and its recorded response or transport error.
struct ReplayEntry: Sendable {
    let key: ReplayKey
    /// The recorded URL, as written in the archive.
    let url: String
    let answer: Result<(Data, HTTPResponse), HTTPTransportError>
    /// Why the recorded body cannot be served, when the archive does not hold it whole.
    let missingBody: HARMissingBodyError.Reason?

    init(_ entry: HAREntry, index: Int, matching: HARReplayMatching) throws(HARArchiveError) {
        key = ReplayKey(entry.request, matching: matching)
        url = entry.request.url
        let response = entry.response
        guard response.status > 0 else {
            missingBody = nil
            answer = .failure(
                entry.transportError?.transportError
                    ?? HARTransportFailure.transportError(fromMessage: entry.error ?? "no response was recorded"))
            return
        }
        guard let body = HARBody.data(text: response.content.text, encoding: response.content.encoding) else {
            throw .invalidEntry(index: index, reason: "response.content.text is not valid base64")
        }
        missingBody = Self.missingBody(in: response.content, decoded: body)
        // HTTP/2 pseudo-headers (":status") are not header fields.
        let headers = response.headers.filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) }
        answer = .success((body, HTTPResponse(statusCode: response.status, headers: Self.headers(headers))))
    }

    /// Why `content` does not hold its whole body: no text for a body of some bytes, the redaction marker, or
    /// fewer bytes than its `size`. A size that is unknown (negative) is not checked, nor is the size of a JSON
    /// text with redacted fields (`"[redacted]"` values), which the redaction rewrote.
    private static func missingBody(in content: HARContent, decoded body: Data) -> HARMissingBodyError.Reason? {
        guard let text = content.text else { return content.size > 0 ? .absent : nil }
        if text == HARRecorder.redactedValue, content.encoding == nil { return .redacted }
        let redactedFields = content.encoding == nil && text.contains("\"\(HARRecorder.redactedValue)\"")
        guard content.size > body.count, !redactedFields else { return nil }
        return .truncated(kept: body.count, size: content.size)
    }

    /// Header fields in recorded order; repeated names (several `Set-Cookie`) are joined with `, `.
    private static func headers(_ pairs: [(String, String)]) -> HTTPHeaders? {
        guard !pairs.isEmpty else { return nil }
        var headers = HTTPHeaders()
        for (name, value) in pairs {
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }
}

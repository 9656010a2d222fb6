import Foundation
import HTTPClient

/// One archive entry, ready to answer: its key and its recorded response or transport error.
struct ReplayEntry: Sendable {
    let key: ReplayKey
    /// The recorded URL, as written in the archive.
    let url: String
    let answer: Result<(Data, HTTPResponse), HTTPTransportError>

    init(_ entry: HAREntry, index: Int) throws(HARArchiveError) {
        key = ReplayKey(method: entry.request.method, url: entry.request.url)
        url = entry.request.url
        let response = entry.response
        guard response.status > 0 else {
            answer = .failure(
                entry.transportError?.transportError
                    ?? HARTransportFailure.transportError(fromMessage: entry.error ?? "no response was recorded"))
            return
        }
        guard let body = HARBody.data(text: response.content.text, encoding: response.content.encoding) else {
            throw .invalidEntry(index: index, reason: "response.content.text is not valid base64")
        }
        // HTTP/2 pseudo-headers (":status") are not header fields.
        let headers = response.headers.filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) }
        answer = .success((body, HTTPResponse(statusCode: response.status, headers: Self.headers(headers))))
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

import Foundation
import HTTPClient
import HTTPClientSupport

/// One request as it reached the recorder and what came back, kept raw: turning it into a HAR entry
/// (URL, redaction, text or base64) waits until an archive is written, off the request's path. URLs, in
/// the request, a redirect or an error message, are written with their userinfo redacted (`RedactedURL`).
struct RecordedExchange: Sendable {
    enum Outcome: Sendable {
        case response(RecordedBody, HTTPResponse)
        case failure(HARTransportFailure, message: String)
    }

    /// The place in start order.
    let sequence: Int
    /// The request value as it reached the recorder (requests are `Sendable` values; nothing is copied out
    /// of it until an archive is written).
    let request: any HTTPRequest
    let baseURL: URL
    let started: Date
    let duration: Duration
    let outcome: Outcome
    /// The request body as the transport read it; `nil` for the request's own ``HTTPRequest/body``.
    var requestBody: RecordedBody?
    /// Whether whole bodies are secret (the token API's), not just named JSON fields.
    let redactsBodies: Bool

    func entry(redaction: HARRedaction) -> HAREntry {
        let milliseconds = (duration.seconds * 1_000 * 1_000).rounded() / 1_000
        return HAREntry(
            startedDateTime: HARCoding.timestamp(started),
            time: milliseconds,
            request: harRequest(redaction: redaction),
            response: harResponse(redaction: redaction),
            timings: HARTimings(send: -1, wait: milliseconds, receive: -1),
            error: failure.map { RedactedURL.text($0.message) },
            transportError: failure.map {
                HARTransportFailure(kind: $0.failure.kind, message: RedactedURL.text($0.failure.message))
            }
        )
    }

    private var failure: (failure: HARTransportFailure, message: String)? {
        guard case .failure(let failure, let message) = outcome else { return nil }
        return (failure, message)
    }

    private func harRequest(redaction: HARRedaction) -> HARRequest {
        var sent = ModifiedRequest(request)
        sent.queryParameter = request.queryParameter.map(redaction.redacted(query:))
        let url = RedactedURL.string(from: (try? HTTPURLBuilder(baseURL: baseURL).url(for: sent)) ?? baseURL)
        var body = requestBody
        if body == nil, let data = request.body { body = RecordedBody(whole: data) }
        if body?.byteCount == 0 { body = nil }
        let postData = body.map { body in
            let text = body.text(redaction: redaction, redactsWholeBody: redactsBodies)
            return HARPostData(
                mimeType: request.headers?["Content-Type"] ?? "", text: text.text ?? "", encoding: text.encoding,
                comment: text.comment)
        }
        return HARRequest(
            method: request.method.name,
            url: url,
            headers: redaction.redacted(headers: request.headers),
            queryString: (sent.queryParameter ?? [:]).sorted { $0.key < $1.key }.map {
                HARNameValue(name: $0.key, value: $0.value)
            },
            postData: postData,
            bodySize: body.map { Int(clamping: $0.byteCount) } ?? 0
        )
    }

    private func harResponse(redaction: HARRedaction) -> HARResponse {
        guard case .response(let body, let response) = outcome else {
            return HARResponse(status: 0, statusText: "", content: HARContent(size: 0, mimeType: ""), bodySize: -1)
        }
        let text = body.text(redaction: redaction, redactsWholeBody: redactsBodies)
        return HARResponse(
            status: response.statusCode,
            statusText: HTTPStatusReason.phrase(for: response.statusCode) ?? "",
            headers: redaction.redacted(headers: response.headers),
            content: HARContent(
                size: Int(clamping: body.byteCount), mimeType: response.headers?["Content-Type"] ?? "",
                text: text.text, encoding: text.encoding, comment: text.comment),
            redirectURL: response.headers?["Location"].map { RedactedURL.string(from: $0) } ?? "",
            bodySize: -1  // the transport has already undone any Content-Encoding: the wire size is unknown
        )
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

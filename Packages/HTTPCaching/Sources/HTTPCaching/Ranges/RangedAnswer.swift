import Foundation
import HTTPClient

/// Byte ranges answered from a stored complete response or a stored part (RFC 9110, 14.2 and 15.3.7; RFC 9111,
/// 3.3).
enum RangedAnswer {
    /// `answer`, the whole stored response to `request`, narrowed to the one byte range `request` asks for.
    ///
    /// - A satisfiable range gives a `206 Partial Content` with the slice, the stored fields, `Content-Range:
    ///   bytes first-last/length` and the slice's `Content-Length`.
    /// - An unsatisfiable one gives an empty `416 Range Not Satisfiable` with `Content-Range: bytes */length`
    ///   (15.5.17), `Age` and `X-Cache`.
    /// - `answer` comes back unchanged for anything but a `GET` answered by a `200`, when `request` has no `Range`,
    ///   asks for several ranges, another unit or an invalid range, or carries `If-Range`, and when the stored
    ///   response has a `Content-Encoding` (the stored body is decoded, the offsets would count coded bytes).
    /// - A stored part (`206`) gives the slice it holds of the range asked for, else (the request repeats the
    ///   `Range` the part was fetched with) the whole part as stored.
    static func ranged(_ answer: (Data, HTTPResponse), for request: any HTTPRequest) -> (Data, HTTPResponse) {
        let (body, response) = answer
        if response.statusCode == 206 { return slice(ofPart: answer, for: request) }
        guard request.method == .get, response.statusCode == 200, let fields = request.headers,
            !fields.contains("If-Range"), let range = fields["Range"].flatMap(ByteRange.init(field:))
        else { return answer }
        var headers = response.headers ?? HTTPHeaders()
        guard !headers.contains("Content-Encoding") else { return answer }
        switch range.selection(ofLength: body.count) {
        case .whole:
            return answer
        case .bytes(let offsets):
            headers["Content-Range"] = "bytes \(offsets.lowerBound)-\(offsets.upperBound)/\(body.count)"
            headers["Content-Length"] = String(offsets.count)
            let start = body.startIndex
            let slice = body[(start + offsets.lowerBound)...(start + offsets.upperBound)]
            return (Data(slice), HTTPResponse(statusCode: 206, headers: headers))
        case .unsatisfiable:
            var unsatisfied: HTTPHeaders = ["Content-Range": "bytes */\(body.count)", "Content-Length": "0"]
            for name in ["Age", HTTPCacheOutcome.headerName] { unsatisfied[name] = headers[name] }
            return (Data(), HTTPResponse(statusCode: 416, headers: unsatisfied))
        }
    }

    /// `answer`, a stored part, narrowed to the range `request` asks for when the part holds all of it; else
    /// unchanged.
    private static func slice(ofPart answer: (Data, HTTPResponse), for request: any HTTPRequest) -> (Data, HTTPResponse)
    {
        let (body, response) = answer
        var headers = response.headers ?? HTTPHeaders()
        guard request.method == .get, let requested = request.headers?["Range"],
            let part = headers["Content-Range"].flatMap(ContentRange.init),
            let offsets = part.heldSelection(for: requested, byteCount: body.count)
        else { return answer }
        headers["Content-Range"] = "bytes \(offsets.lowerBound)-\(offsets.upperBound)/\(part.completeLength)"
        headers["Content-Length"] = String(offsets.count)
        let start = body.startIndex + (offsets.lowerBound - part.first)
        return (Data(body[start...(start + offsets.count - 1)]), HTTPResponse(statusCode: 206, headers: headers))
    }
}

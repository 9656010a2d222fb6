import Foundation
import HTTPClient

/// A content coding that ``CurlClient/stream(request:body:progress:receive:)`` decodes itself, with zlib.
enum ContentCoding: String, Sendable, Hashable {
    /// `gzip` (and its alias `x-gzip`): one or more gzip members, one after another.
    case gzip
    /// `deflate`: a zlib stream, or raw deflate data as some servers send.
    case deflate

    /// The `Accept-Encoding` a stream sends when the caller set none: the codings decoded here.
    static let advertised = "gzip, deflate"

    /// The codings a stream's reader decodes for `response`: those of its `Content-Encoding` when zlib
    /// decodes them all and a body may follow; empty otherwise (no coding, no body, or a coding such as `br`
    /// that the caller asked for and decodes itself, so the body is passed on as it arrived).
    static func decoded(_ response: HTTPResponse, length: HTTPBodyLength) -> [ContentCoding] {
        guard length != .known(0) else { return [] }
        return decoding(response.headers?["Content-Encoding"]) ?? []
    }

    /// The codings of a `Content-Encoding` value in the order they were applied, `identity` left out; `nil`
    /// when one of them is not decoded here, so the body is passed on as it arrived.
    static func decoding(_ header: String?) -> [ContentCoding]? {
        guard let header else { return [] }
        var codings: [ContentCoding] = []
        for token in header.split(separator: ",") {
            switch token.trimmingCharacters(in: .whitespaces).lowercased() {
            case "", "identity": continue
            case "gzip", "x-gzip": codings.append(.gzip)
            case "deflate": codings.append(.deflate)
            default: return nil
            }
        }
        return codings
    }
}

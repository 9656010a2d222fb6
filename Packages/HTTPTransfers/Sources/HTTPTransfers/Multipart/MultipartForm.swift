import Foundation
import HTTPClient

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory data and files streamed from disk.
///
/// Field names are written as browsers write them: `"` becomes `%22`, CR `%0D` and LF `%0A`, so no name can
/// break the framing. A file name that is not plain ASCII, or holds `"`, `\`, CR, LF or `%`, travels as
/// RFC 8187 `filename*=UTF-8''…` (percent-encoded UTF-8) after an ASCII `filename` fallback with `_` for each
/// such character, so the server gets the name unchanged. The boundary is random, so no part's content realistically contains it.
///
/// ```swift
/// var form = MultipartForm()
/// form.append(name: "title", value: "Holiday")
/// try form.append(name: "file", fileURL: photoURL, contentType: "image/jpeg")
/// let body = form.makeBody()   // known length, replayable
/// ```
public struct MultipartForm: Sendable {
    /// The boundary between parts: `networking-` and 32 random hexadecimal digits.
    public let boundary: String
    private var parts: [Part] = []

    private struct Part: Sendable {
        var headers: String
        var content: HTTPBody
    }

    /// Creates an empty form with a fresh random boundary.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<2).map { _ in
            let value = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - value.count) + value
        }
        boundary = "networking-" + digits.joined()
    }

    /// The request's `Content-Type`: `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text field, sent as UTF-8 with no `Content-Type` of its own.
    public mutating func append(name: String, value: String) {
        append(name: name, filename: nil, contentType: nil, content: HTTPBody(Data(value.utf8)))
    }

    /// Appends bytes held in memory; with a `filename` it is a file upload, typed `application/octet-stream`
    /// unless `contentType` says otherwise.
    public mutating func append(name: String, data: Data, filename: String? = nil, contentType: String? = nil) {
        let type = contentType ?? (filename == nil ? nil : Self.defaultFileType)
        append(name: name, filename: filename, contentType: type, content: HTTPBody(data))
    }

    /// Appends the regular file at `fileURL`, read from disk while the body is sent; the file name defaults
    /// to the URL's last path component and the type to `application/octet-stream`.
    /// - Throws: `HTTPBodyError/notARegularFile(path:)` or `HTTPBodyError/unreadableFile(path:underlying:)`.
    public mutating func append(
        name: String, fileURL: URL, filename: String? = nil, contentType: String? = nil
    ) throws {
        let content = try HTTPBody(contentsOf: fileURL)
        append(
            name: name, filename: filename ?? fileURL.lastPathComponent,
            contentType: contentType ?? Self.defaultFileType, content: content)
    }

    /// The encoded form: known length (the exact encoded size) when every part's is known, replayable when
    /// every part is.
    public func makeBody() -> HTTPBody {
        var segments: [HTTPBody] = []
        var pending = Data()
        for part in parts {
            pending.append(Data("--\(boundary)\r\n\(part.headers)\r\n".utf8))
            if let data = part.content.data {
                pending.append(data)
            } else {
                segments.append(HTTPBody(pending))
                segments.append(part.content)
                pending = Data()
            }
            pending.append(Data("\r\n".utf8))
        }
        pending.append(Data("--\(boundary)--\r\n".utf8))
        segments.append(HTTPBody(pending))
        return HTTPBody(concatenating: segments)
    }

    private static let defaultFileType = "application/octet-stream"

    private mutating func append(name: String, filename: String?, contentType: String?, content: HTTPBody) {
        var disposition = "Content-Disposition: form-data; name=\"\(Self.escaped(name))\""
        if let filename { disposition += Self.filenameParameters(filename) }
        var headers = disposition + "\r\n"
        if let contentType { headers += "Content-Type: \(Self.singleLine(contentType))\r\n" }
        parts.append(Part(headers: headers, content: content))
    }

    /// `name` with `"`, CR and LF percent-encoded, as the HTML form encoding does.
    static func escaped(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `; filename="…"`, followed by `; filename*=UTF-8''…` when the name needs it.
    static func filenameParameters(_ filename: String) -> String {
        let plain = filename.unicodeScalars.allSatisfy { $0.isASCII && !needsExtendedForm($0) }
        if plain { return "; filename=\"\(filename)\"" }
        var fallback = ""
        for scalar in filename.unicodeScalars {
            fallback.unicodeScalars.append(scalar.isASCII && !needsExtendedForm(scalar) ? scalar : "_")
        }
        var encoded = ""
        for byte in filename.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, attributeCharacters.contains(Character(scalar)) {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return "; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }

    /// RFC 8187's `attr-char`: what an extended value holds without percent-encoding.
    private static let attributeCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~")

    /// Whether an ASCII `scalar` cannot stand as itself in a quoted `filename`.
    private static func needsExtendedForm(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || scalar == "%" || scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// `value` without CR or LF, which would end the header line.
    private static func singleLine(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
    }
}

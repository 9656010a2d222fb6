// Target `multipart-form`: MultipartForm's encoder, read back by a small multipart/form-data parser.
// The input is five NUL-separated fields: a field name, a file name (empty for none), a content type (empty
// for none), the part's bytes and a text value. Properties: the body's known length is the encoded size; the
// encoding starts with the boundary line, ends with the closing delimiter and splits into exactly the two parts
// appended; no header line holds a CR or LF; each Content-Disposition names the field with `"`, CR and LF
// percent-encoded and nothing else changed, and the file plainly or with an RFC 8187 `filename*` that decodes
// to its name; the content type loses only its CR and LF; each part's
// content comes back byte for byte.

import Foundation

@testable import HTTPClient
@testable import HTTPTransfers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = FuzzInput(data, size).bytes.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false)
    func field(_ index: Int) -> [UInt8] { index < fields.count ? Array(fields[index]) : [] }
    let name = String(decoding: field(0), as: UTF8.self)
    let filename = field(1).isEmpty ? nil : String(decoding: field(1), as: UTF8.self)
    let contentType = field(2).isEmpty ? nil : String(decoding: field(2), as: UTF8.self)
    let content = Data(field(3))
    let value = String(decoding: field(4), as: UTF8.self)

    var form = MultipartForm()
    form.append(name: name, data: content, filename: filename, contentType: contentType)
    form.append(name: "text", value: value)
    let body = form.makeBody()
    guard let encoded = MultipartReader.bytes(of: body) else {
        check(false, "a form of in-memory parts is not in memory")
        return 0
    }
    check(body.length == .known(Int64(encoded.count)), "length \(body.length) for \(encoded.count) bytes")
    check(body.isReplayable, "a form of in-memory parts is not replayable")

    let parts = MultipartReader.parts(encoded, boundary: form.boundary)
    check(parts.count == 2, "\(parts.count) parts read back")
    guard parts.count == 2 else { return 0 }
    let disposition = parts[0].headers["Content-Disposition"] ?? ""
    let nameParameter = "form-data; name=\"\(MultipartReader.escaped(name))\""
    check(disposition.hasPrefix(nameParameter), "disposition \(parts[0].headers)")
    let rest = String(disposition.dropFirst(nameParameter.count))
    if let filename {
        check(MultipartReader.namesFile(rest, filename), "file name \(rest) for \(filename.debugDescription)")
    } else {
        check(rest.isEmpty, "a file name \(rest) for a part without one")
    }
    let type = contentType ?? (filename == nil ? nil : "application/octet-stream")
    check(parts[0].headers["Content-Type"] == type.map(MultipartReader.singleLine), "type \(parts[0].headers)")
    check(parts[0].content == content, "the data part's content changed")
    check(parts[1].headers == ["Content-Disposition": "form-data; name=\"text\""], "text headers \(parts[1].headers)")
    check(parts[1].content == Data(value.utf8), "the text part's content changed")
    return 0
}

/// A second, independent reading of what the encoder writes.
enum MultipartReader {
    /// Whether `parameters` name `filename`: a plain `; filename="…"` when every byte is printable ASCII other
    /// than `"`, `\` and `%`; else a `filename` fallback of such bytes followed by an RFC 8187
    /// `filename*=UTF-8''…` whose percent-decoding is the name's UTF-8, holding only `attr-char` and escapes.
    static func namesFile(_ parameters: String, _ filename: String) -> Bool {
        let plain = filename.utf8.allSatisfy(isQuotable)
        if plain { return parameters == "; filename=\"\(filename)\"" }
        let parts = parameters.components(separatedBy: "\"; filename*=UTF-8''")
        guard parts.count == 2, parts[0].hasPrefix("; filename=\"") else { return false }
        let fallback = parts[0].dropFirst("; filename=\"".count)
        guard fallback.utf8.allSatisfy(isQuotable), let decoded = percentDecoded(parts[1]) else { return false }
        return decoded == Array(filename.utf8)
    }

    private static func isQuotable(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte) && byte != 0x22 && byte != 0x5C && byte != 0x25
    }

    /// The bytes of an RFC 8187 value, or `nil` when it holds anything but `attr-char` and `%XX`.
    private static func percentDecoded(_ text: String) -> [UInt8]? {
        let attributeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25 {
                guard index + 2 < bytes.count,
                    let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
                    bytes[index + 1] != 0x2B
                else { return nil }
                decoded.append(value)
                index += 3
            } else {
                guard attributeCharacters.contains(bytes[index]) else { return nil }
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    struct Part {
        var headers: [String: String]
        var content: Data
    }

    /// The bytes of a body made only of in-memory parts.
    static func bytes(of body: HTTPBody) -> Data? {
        switch body.source {
        case .data(let data):
            return data
        case .concatenation(let parts):
            var joined = Data()
            for part in parts {
                guard let bytes = bytes(of: part) else { return nil }
                joined.append(bytes)
            }
            return joined
        case .file, .singlePass:
            return nil
        }
    }

    /// The parts between `--boundary` lines; empty when the framing is broken.
    static func parts(_ encoded: Data, boundary: String) -> [Part] {
        let bytes = [UInt8](encoded)
        let opening = Array("--\(boundary)\r\n".utf8)
        let closing = Array("\r\n--\(boundary)--\r\n".utf8)
        let separator = Array("\r\n--\(boundary)\r\n".utf8)
        guard bytes.starts(with: opening), bytes.count >= opening.count + closing.count,
            Array(bytes.suffix(closing.count)) == closing
        else { return [] }
        let inner = Array(bytes[opening.count..<(bytes.count - closing.count)])
        return split(inner, on: separator).compactMap(part)
    }

    private static func part(_ bytes: [UInt8]) -> Part? {
        let blank = Array("\r\n\r\n".utf8)
        guard let end = firstRange(of: blank, in: bytes) else { return nil }
        var headers: [String: String] = [:]
        for line in split(Array(bytes[..<end]), on: Array("\r\n".utf8)) {
            guard !line.contains(0x0D), !line.contains(0x0A), let colon = line.firstIndex(of: UInt8(ascii: ":")),
                line.count > colon + 1, line[colon + 1] == 0x20
            else { return nil }
            headers[String(decoding: line[..<colon], as: UTF8.self)] =
                String(decoding: line[(colon + 2)...], as: UTF8.self)
        }
        return Part(headers: headers, content: Data(bytes[(end + blank.count)...]))
    }

    static func split(_ bytes: [UInt8], on separator: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var rest = bytes[...]
        while let found = firstRange(of: separator, in: Array(rest)) {
            pieces.append(Array(rest.prefix(found)))
            rest = rest.dropFirst(found + separator.count)
        }
        pieces.append(Array(rest))
        return pieces
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    static func escaped(_ text: String) -> String {
        String(
            decoding: Array(text.utf8).flatMap { byte -> [UInt8] in
                switch byte {
                case 0x22: Array("%22".utf8)
                case 0x0D: Array("%0D".utf8)
                case 0x0A: Array("%0A".utf8)
                default: [byte]
                }
            }, as: UTF8.self)
    }

    static func singleLine(_ text: String) -> String {
        String(decoding: text.utf8.filter { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
    }
}

// Target `conditional-request`: a request's own `If-None-Match` and `If-Modified-Since` evaluated against a stored
// entry (ConditionalRequest). The input is an If-None-Match line, an If-Modified-Since line and the entry's ETag.
// Properties: entity-tag list members are never empty and never start or end with a space or tab; `*` is always
// not-modified; a list of valid entity-tags holding the entry's own ETag (with `W/` added on either side) is
// always not-modified; a match by ETag is a byte-for-byte match of the opaque tags (weak comparison, RFC 9110,
// 8.8.3.2); arbitrary field text never crashes.

import Foundation
import HTTPClient

@testable import HTTPCaching

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let fields = input.fields(3)
    let ifNoneMatch = fields[0] ?? ""
    let tags = ConditionalRequest.members(of: ifNoneMatch)
    for tag in tags {
        check(
            tag.unicodeScalars.first.map(isBlank) == false, "\(tag.debugDescription) of \(ifNoneMatch.debugDescription)"
        )
        check(
            tag.unicodeScalars.last.map(isBlank) == false, "\(tag.debugDescription) of \(ifNoneMatch.debugDescription)")
    }
    let etag = fields[2] ?? "\"v1\""
    let entry = storedEntry(etag: etag, lastModified: fields[1])
    for headers: HTTPHeaders in [
        ["If-None-Match": ifNoneMatch], ["If-Modified-Since": fields[1] ?? ""],
        ["If-None-Match": ifNoneMatch, "If-Modified-Since": fields[1] ?? ""],
    ] {
        guard let condition = ConditionalRequest(headers) else {
            check(false, "no condition from \(headers)")
            continue
        }
        if condition.isNotModified(by: entry), condition.ifNoneMatch != nil, !tags.contains("*") {
            let own = Array(opaque(etag).utf8)
            check(
                tags.contains { Array(opaque($0).utf8) == own },
                "\(ifNoneMatch.debugDescription) matched \(etag.debugDescription) without the same bytes")
        }
    }
    for star in ["*", " * ", "\t*"] {
        check(ConditionalRequest(["If-None-Match": star])?.isNotModified(by: entry) == true, "\(star) for \(etag)")
    }
    checkOwnTag(input.bytes.first ?? 0, etag: fields[2] ?? "", others: tags)
    return 0
}

private func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

private func storedEntry(etag: String?, lastModified: String?) -> HTTPCacheEntry {
    var headers: HTTPHeaders = ["Date": "Tue, 14 Nov 2023 22:13:20 GMT"]
    headers["ETag"] = etag
    headers["Last-Modified"] = lastModified
    return HTTPCacheEntry(
        statusCode: 200, headers: headers, body: Data(), responseTime: fuzzNow, freshnessLifetime: 60)
}

/// `tag` without spaces and tabs around it and without a leading `W/`.
private func opaque(_ tag: String) -> Substring {
    let scalars = tag.unicodeScalars.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
    let trimmed = Substring(String(String.UnicodeScalarView(scalars)))
    return trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed
}

/// Whether `text` is one entity-tag: `[W/] DQUOTE *etagc DQUOTE`, etagc being any byte but controls, space,
/// `"` and DEL (RFC 9110, 8.8.3).
private func isEntityTag(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.starts(with: "W/".utf8) { bytes = bytes.dropFirst(2) }
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return false }
    return bytes.dropFirst().dropLast().allSatisfy(isEntityTagCharacter)
}

private func isEntityTagCharacter(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte != 0x22 && byte != 0x7F
}

/// The entry's own ETag (made valid from `text`) in a list of the valid entity-tags among `others`, `W/` added
/// on the sides `flags` picks, is always not-modified.
private func checkOwnTag(_ flags: UInt8, etag text: String, others: [String]) {
    let content = String(decoding: text.utf8.filter(isEntityTagCharacter), as: UTF8.self)
    let stored = (flags & 1 == 0 ? "" : "W/") + "\"" + content + "\""
    let sent = (flags & 2 == 0 ? "" : "W/") + "\"" + content + "\""
    var list = others.filter(isEntityTag)
    list.insert(sent, at: Int(flags >> 2) % (list.count + 1))
    let separator = [", ", ",", " ,\t", ",,"][Int(flags >> 6)]
    let field = list.joined(separator: separator)
    let entry = storedEntry(etag: stored, lastModified: nil)
    check(
        ConditionalRequest(["If-None-Match": field])?.isNotModified(by: entry) == true,
        "\(field.debugDescription) does not match the entry's own \(stored.debugDescription)")
}

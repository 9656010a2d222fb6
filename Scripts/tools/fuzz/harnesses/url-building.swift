// Target `url-building`: percent-encoding and URL building of HTTPClientSupport (PercentEncoding, URLPath, URLQuery,
// HTTPURLBuilder). The input is lines: the base URL, the version, the path, then query items `name=value`.
// Properties: encoded text holds only allowed bytes and `%XX`, and decodes back to the text; the one-string
// path and the URLComponents path build the same URL; the URL's path ends with the request's non-empty
// segments, each decoding to what was sent with its own percent-escapes decoded, and its query ends with the
// request's items sorted by name, each decoding to what was sent.

import Foundation
import HTTPClient

@testable import HTTPClientSupport

private struct FuzzRequest: HTTPRequest {
    let method = HTTPMethod.get
    let path: String
    let version: String
    let queryParameter: HTTPQueryParameter?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let lines = input.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in lines.prefix(4) {
        checkEncoding(PercentEncoding.pathSegment(line), of: line, allowed: pathCharacters)
        checkEncoding(PercentEncoding.queryComponent(line), of: line, allowed: unreserved)
    }
    let base = lines.first.flatMap { URL(string: $0) } ?? URL(string: "https://api.example.com/api/")
    guard let base, lines.count >= 3 else { return 0 }
    var query: HTTPQueryParameter = [:]
    for item in lines.dropFirst(3) {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
    }
    let request = FuzzRequest(path: lines[2], version: lines[1], queryParameter: query.isEmpty ? nil : query)
    let builder = HTTPURLBuilder(baseURL: base)
    let url = try? builder.url(for: request)
    let viaComponents = try? builder.urlWithComponents(for: request)
    if let url, let viaComponents {
        check(
            url.absoluteString == viaComponents.absoluteString,
            "\(url.absoluteString) != \(viaComponents.absoluteString)")
    }
    guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return 0 }
    let sentSegments = (request.version.split(separator: "/") + request.path.split(separator: "/"))
        .map { decodingEscapes(String($0)) }
    let segments = components.percentEncodedPath.split(separator: "/").map { $0.removingPercentEncoding }
    check(segments.suffix(sentSegments.count).elementsEqual(sentSegments), "path \(components.percentEncodedPath)")
    let items = (components.percentEncodedQuery ?? "").split(separator: "&").map { item in
        item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.removingPercentEncoding }
    }
    let sentItems = query.sorted { $0.key < $1.key }.map { [Optional($0.key), Optional($0.value)] }
    check(items.suffix(sentItems.count).elementsEqual(sentItems), "query \(components.percentEncodedQuery ?? "")")
    return 0
}

private let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
private let pathCharacters = unreserved.union("!$&'()*+,;=:@".utf8)

private func checkEncoding(_ encoded: String, of text: String, allowed: Set<UInt8>) {
    var bytes = encoded.utf8.makeIterator()
    while let byte = bytes.next() {
        if byte == UInt8(ascii: "%") {
            let high = bytes.next()
            let low = bytes.next()
            check(high.map(isHexDigit) == true && low.map(isHexDigit) == true, "bad escape in \(encoded)")
        } else {
            check(allowed.contains(byte), "unencoded byte \(byte) in \(encoded)")
        }
    }
    check(encoded.removingPercentEncoding == text, "\(encoded) does not decode to \(text.debugDescription)")
}

/// `text` with each `%XX` escape (two hex digits, either case) decoded and every other byte kept, as a server
/// reads a segment the client sent; `nil` when the bytes are not UTF-8.
private func decodingEscapes(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, isAnyHexDigit(bytes[index + 1]),
            isAnyHexDigit(bytes[index + 2]),
            let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
        {
            decoded.append(value)
            index += 3
        } else {
            decoded.append(bytes[index])
            index += 1
        }
    }
    return String(validating: decoded, as: UTF8.self)
}

private func isAnyHexDigit(_ byte: UInt8) -> Bool {
    isHexDigit(byte) || (0x61...0x66).contains(byte)
}

private func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
}

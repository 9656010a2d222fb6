// Target `content-range`: the `Content-Range` reader that resumable downloads and the HTTP cache trust
// (HTTPClient's HTTPContentRange).
// Properties: an accepted value has `first <= last`, `last < completeLength` when the length is given, and a
// positive count (zero only for `bytes */length`); its canonical spelling reads back equal; on every input a
// byte-level oracle of the grammar (unit `bytes` in any case, one space, `a-b/n`, `a-b/*` or `*/n`, numbers in
// 63 bits, a last position below 2^63-1, surrounding spaces and tabs ignored) agrees with the reader, value for
// value.

import Foundation

@testable import HTTPClientSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let parsed = try? HTTPContentRange(parsing: text)
    let expected = ContentRangeOracle.parse(Array(text.utf8))
    check(
        parsed == expected,
        "\(text.debugDescription): reader \(String(describing: parsed)), oracle \(String(describing: expected))")
    guard let parsed else { return 0 }
    if let first = parsed.first, let last = parsed.last {
        check(first <= last && parsed.count == last - first + 1 && parsed.count > 0, "bad range \(parsed)")
        if let length = parsed.completeLength { check(last < length, "last past the length in \(parsed)") }
    } else {
        check(parsed.first == nil && parsed.last == nil && parsed.completeLength != nil, "bad unsatisfied \(parsed)")
        check(parsed.count == 0, "unsatisfied range with bytes \(parsed)")
    }
    let canonical = ContentRangeOracle.format(parsed)
    check((try? HTTPContentRange(parsing: canonical)) == parsed, "\(canonical) does not read back as \(parsed)")
    return 0
}

/// A second reading of the grammar, over bytes.
enum ContentRangeOracle {
    static func parse(_ input: [UInt8]) -> HTTPContentRange? {
        var bytes = input[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let unit = Array("bytes ".utf8)
        guard bytes.count > unit.count,
            zip(bytes, unit).allSatisfy({ $0 == $1 || ($0 >= 0x41 && $0 <= 0x5A && $0 + 0x20 == $1) })
        else { return nil }
        let rest = Array(bytes.dropFirst(unit.count))
        let halves = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let range = Array(halves[0])
        let length = Array(halves[1])
        if range == [UInt8(ascii: "*")] {
            guard let complete = number(length) else { return nil }
            return HTTPContentRange(first: nil, last: nil, completeLength: complete)
        }
        let ends = range.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard ends.count == 2, let first = number(Array(ends[0])), let last = number(Array(ends[1])), first <= last,
            last < Int64.max
        else { return nil }
        let complete: Int64?
        if length == [UInt8(ascii: "*")] {
            complete = nil
        } else {
            guard let value = number(length), last < value else { return nil }
            complete = value
        }
        return HTTPContentRange(first: first, last: last, completeLength: complete)
    }

    static func number(_ digits: [UInt8]) -> Int64? {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let significant = digits.drop { $0 == 0x30 }
        guard significant.count <= 19 else { return nil }
        return significant.isEmpty ? 0 : Int64(String(decoding: significant, as: UTF8.self))
    }

    static func format(_ range: HTTPContentRange) -> String {
        let length = range.completeLength.map(String.init) ?? "*"
        guard let first = range.first, let last = range.last else { return "bytes */\(length)" }
        return "bytes \(first)-\(last)/\(length)"
    }
}

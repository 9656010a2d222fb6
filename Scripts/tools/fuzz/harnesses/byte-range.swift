// Target `byte-range`: the `Range` request field (ByteRange) and the partial answers a cache makes from a stored
// complete response (RangedAnswer.ranged). The input is the field's value, then a line with a body length.
// Properties: a `.bytes` selection is a non-empty part of 0..<length; a 206 carries exactly that slice of the
// stored body, a `Content-Length` of its count and a `Content-Range: bytes a-b/length` naming it; a 416 comes only
// from a parsed range that selects nothing, with `Content-Range: bytes */length`; an unparsable field, an
// `If-Range`, a `Content-Encoding`, a `HEAD` or a stored status other than 200 leave the answer unchanged; on ASCII
// input a small oracle of the three forms (`bytes=a-b`, `bytes=a-`, `bytes=-n`) agrees with ByteRange.

import Foundation
import HTTPClient

@testable import HTTPCaching

private struct RangeRequest: HTTPRequest {
    let method: HTTPMethod
    let path = "questions"
    let version = "2.3"
    let headers: HTTPHeaders?
}

/// Body lengths are capped so one input stays fast.
private let greatestLength = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fields = FuzzInput(data, size).fields(2)
    let field = fields[0] ?? ""
    let range = ByteRange(field: field)
    let verdict = RangeOracle.verdict(field)
    var lengths: Set<Int> = [0, 1, 2, 11, length(fields[1])]
    switch verdict {
    case .undecided:
        break
    case .invalid:
        check(range == nil, "\(field.debugDescription) parsed to \(String(describing: range))")
    case .valid(let expected, let offsets):
        check(range == expected, "\(field.debugDescription) parsed to \(String(describing: range)), not \(expected)")
        for offset in offsets where offset < greatestLength {
            lengths.formUnion([offset, offset + 1, max(0, offset - 1)])
        }
    }
    for length in lengths.sorted() {
        if let range {
            checkSelection(range, length: length, verdict: verdict, field: field)
        }
        checkAnswer(field, range: range, length: length)
    }
    return 0
}

/// The length a line names: its leading digits (at most four), else its byte count; at most `greatestLength`.
private func length(_ line: String?) -> Int {
    guard let line else { return 3 }
    let digits = line.utf8.prefix { (0x30...0x39).contains($0) }.prefix(4)
    let value = digits.isEmpty ? line.utf8.count : digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    return min(value, greatestLength)
}

private func checkSelection(_ range: ByteRange, length: Int, verdict: RangeOracle.Verdict, field: String) {
    let selection = range.selection(ofLength: length)
    let context = "\(field.debugDescription) of \(length) bytes selected \(selection)"
    switch selection {
    case .bytes(let offsets):
        check(offsets.lowerBound >= 0 && offsets.upperBound < length && !offsets.isEmpty, context)
    case .whole:
        check(length == 0 && range != .suffix(length: 0), context)
    case .unsatisfiable:
        break
    }
    if case .valid(let parsed, _) = verdict {
        let expected = RangeOracle.selection(parsed, length: length)
        check(selection == expected, "\(context), the oracle says \(expected)")
    }
}

/// A stored body of `length` bytes (each byte its offset modulo 251), as a slice that does not start at 0.
private func storedBody(_ length: Int) -> Data {
    let bytes = (0..<length + 3).map { UInt8(($0 + 248) % 251) }
    return Data(bytes)[3...]
}

private func checkAnswer(_ field: String, range: ByteRange?, length: Int) {
    let body = storedBody(length)
    let stored: HTTPHeaders = [
        "Content-Length": String(length), "ETag": "\"v1\"", "Age": "7", HTTPCacheOutcome.headerName: "HIT",
    ]
    let request = RangeRequest(method: .get, headers: HTTPHeaders([("Range", field)]))
    let (data, response) = RangedAnswer.ranged(
        (body, HTTPResponse(statusCode: 200, headers: stored)), for: request)
    let context = "\(field.debugDescription) of \(length) bytes"

    checkUnchanged(field, body: body, stored: stored, extra: [("If-Range", "\"v1\"")], length: length)
    checkUnchanged(field, body: body, stored: stored.merging(["Content-Encoding": "gzip"]), extra: [], length: length)
    checkUnchanged(field, body: body, stored: stored, extra: [], method: .head, length: length)
    checkUnchanged(field, body: body, stored: stored, extra: [], status: 404, length: length)

    guard let range else {
        check(response.statusCode == 200 && data == body && response.headers == stored, "\(context) changed")
        return
    }
    switch range.selection(ofLength: length) {
    case .whole:
        check(response.statusCode == 200 && data == body && response.headers == stored, "\(context) changed")
    case .bytes(let offsets):
        check(response.statusCode == 206, "\(context) answered \(response.statusCode)")
        let headers = response.headers ?? HTTPHeaders()
        check(headers["Content-Length"] == String(data.count), "\(context): Content-Length for \(data.count) bytes")
        check(headers["ETag"] == "\"v1\"" && headers["Age"] == "7", "\(context) lost a stored field")
        guard let contentRange = headers["Content-Range"], let (first, last, total) = parseContentRange(contentRange)
        else {
            check(false, "\(context): Content-Range \(String(describing: headers["Content-Range"]))")
            return
        }
        check(
            first == offsets.lowerBound && last == offsets.upperBound && total == length
                && contentRange == "bytes \(first)-\(last)/\(total)",
            "\(context): \(contentRange)")
        let expected = Data((first...last).map { UInt8($0 % 251) })
        check(data == expected, "\(context): \(contentRange) carries other bytes")
    case .unsatisfiable:
        check(response.statusCode == 416 && data.isEmpty, "\(context) answered \(response.statusCode)")
        check(response.headers?["Content-Range"] == "bytes */\(length)", "\(context): \(String(describing: response))")
        check(response.headers?["Age"] == "7", "\(context): the 416 lost its Age")
    }
}

/// `ranged` for a request or stored response it must leave alone: the answer comes back unchanged.
private func checkUnchanged(
    _ field: String, body: Data, stored: HTTPHeaders, extra: [(String, String)], method: HTTPMethod = .get,
    status: Int = 200, length: Int
) {
    let request = RangeRequest(method: method, headers: HTTPHeaders([("Range", field)] + extra))
    let (data, response) = RangedAnswer.ranged(
        (body, HTTPResponse(statusCode: status, headers: stored)), for: request)
    check(
        response.statusCode == status && data == body && response.headers == stored,
        "\(field.debugDescription) of \(length) bytes changed a \(method) \(status) with \(extra) \(stored)")
}

/// `bytes FIRST-LAST/LENGTH`, each number plain digits; `nil` for anything else.
private func parseContentRange(_ text: String) -> (Int, Int, Int)? {
    guard text.hasPrefix("bytes ") else { return nil }
    let numbers = text.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard numbers.count == 2 else { return nil }
    let rest = numbers[1].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard rest.count == 2, let first = Int(numbers[0]), let last = Int(rest[0]), let total = Int(rest[1]),
        first >= 0, first <= last, last < total
    else { return nil }
    return (first, last, total)
}

// Target `media-ranges`: `Accept` media ranges and `Content-Type` values (MediaRange, MediaType,
// ASCIIMediaRanges, ContentNegotiation). The input is two lines: the `Accept` value and the
// `Content-Type` value (no second line: no `Content-Type`).
// Properties: the byte-level reader and the general reader give the same verdict for every ASCII pair;
// weights are in 0...1; parsed names are lowercased and never empty; a range list with `*/*` and no weight
// of 0 accepts anything.

import Foundation

@testable import HTTPClientDecorators

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let fields = input.fields(2)
    let accept = fields[0] ?? ""
    let contentType = fields[1]

    let general = ContentNegotiation.generalVerdict(accept: accept, contentType: contentType)
    if let fast = ContentNegotiation.fastVerdict(accept: accept, contentType: contentType) {
        check(
            fast == general,
            "fast \(fast) != general \(general) for \(accept.debugDescription), \(contentType.debugDescription)")
    }
    check(ContentNegotiation.verdict(accept: accept, contentType: contentType) == general, "verdict differs")

    let ranges = MediaRange.parseList(accept)
    for range in ranges {
        check((0...1).contains(range.quality), "weight \(range.quality)")
        check(!range.type.isEmpty && !range.subtype.isEmpty, "empty name in \(range)")
        check(range.type == range.type.lowercased() && range.subtype == range.subtype.lowercased(), "case \(range)")
    }
    if let contentType, let (type, subtype) = MediaType.parse(contentType) {
        check(
            !type.isEmpty && !subtype.isEmpty && !type.contains("/") && !subtype.contains("/"),
            "split \(type)/\(subtype)")
        if ranges.contains(where: { $0.specificity == 0 }), ranges.allSatisfy({ $0.quality > 0 }) {
            check(general == .acceptable, "*/* refused \(contentType.debugDescription)")
        }
    }
    return 0
}

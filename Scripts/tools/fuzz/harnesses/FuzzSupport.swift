// Compiled into every harness: the input as bytes, text and fields, and the check that makes a broken
// property a libFuzzer crash (a trap, with the input saved by libFuzzer).

import Foundation

/// One libFuzzer input.
struct FuzzInput {
    let bytes: [UInt8]

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The input as text; invalid UTF-8 becomes U+FFFD, as a transport's decoding would.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The input as `Data`.
    var data: Data { Data(bytes) }

    /// The text split on `\n` into exactly `count` fields; missing fields are `nil`, the last takes the rest.
    func fields(_ count: Int) -> [String?] {
        var parts = text.split(separator: "\n", maxSplits: count - 1, omittingEmptySubsequences: false)
            .map { Optional(String($0)) }
        while parts.count < count { parts.append(nil) }
        return parts
    }
}

/// Stops the run (a crash libFuzzer records with its input) when a property does not hold.
func check(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if !condition { fatalError("property failed: \(message())", file: file, line: line) }
}

/// A fixed clock for parsers that take `now`: 2023-11-14 22:13:20 UTC.
let fuzzNow = Date(timeIntervalSince1970: 1_700_000_000)

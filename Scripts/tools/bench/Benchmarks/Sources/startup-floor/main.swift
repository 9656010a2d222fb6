// The floor of part 6 (start-up): a process that loads Foundation, encodes a small JSON document and prints it,
// the least a Swift command line tool that answers in JSON does. With `--iso8601` the document also holds a date
// written by `JSONEncoder`'s `.iso8601` strategy, which loads ICU's time zone data (the `networking` binary
// writes the same text without it).
import Foundation

struct Answer: Encodable {
    let title: String
    let score: Int
    let tags: [String]
    let date: Date?
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
encoder.dateEncodingStrategy = .iso8601
let date = CommandLine.arguments.contains("--iso8601") ? Date(timeIntervalSince1970: 1_700_000_000) : nil
let answer = Answer(title: "floor", score: 42, tags: ["swift", "json"], date: date)
let data = (try? encoder.encode([answer])) ?? Data()
print(String(decoding: data, as: UTF8.self))

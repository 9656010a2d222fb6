import Foundation
import HTTPArchive
import Testing

/// Reads what a recorder wrote back as values, so tests assert on the archive's content.
func document(of recorder: HARRecorder) throws -> HARArchive {
    try JSONDecoder().decode(HARArchive.self, from: recorder.archive())
}

/// The only entry of `recorder`'s archive.
func onlyEntry(of recorder: HARRecorder) throws -> HAREntry {
    let entries = try document(of: recorder).log.entries
    try #require(entries.count == 1)
    return entries[0]
}

/// The value of the first field named `name` (any letter case).
func value(_ name: String, in fields: [HARNameValue]) -> String? {
    fields.first { $0.name.lowercased() == name.lowercased() }?.value
}

/// A fixture file's bytes.
func fixture(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return try Data(contentsOf: url)
}

/// `text` as a URL, failing the test when it is not one.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text))
}

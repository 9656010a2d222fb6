import Foundation

/// Renders a `--json` document: stable snake_case keys, ISO 8601 dates, sorted keys. Documented in App/README.md.
enum JSONOutput {
    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase  // `bodyHTML` → `body_html`: the documents need no key lists
        // `.iso8601`'s text, without the ICU time zone data `.iso8601` loads (see ``ISO8601Text``).
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Text.string(from: date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

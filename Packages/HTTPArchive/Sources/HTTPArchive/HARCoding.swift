import Foundation

/// The JSON rules of archives this package writes and reads.
enum HARCoding {
    /// Pretty-printed, keys sorted (so archives diff well), slashes unescaped (so URLs read as URLs).
    /// A document of strings, integers and finite numbers always encodes; non-finite numbers (which the
    /// recorder never writes) become strings rather than an error.
    static func encode(_ archive: HARArchive) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return try encoder.encode(archive)
    }

    /// `date` as HAR's `startedDateTime`: ISO 8601 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

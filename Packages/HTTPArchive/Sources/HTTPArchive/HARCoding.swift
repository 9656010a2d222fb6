import Foundation

/// The JSON rules of archives this package writes and reads.
enum HARCoding {
    /// Pretty-printed, keys sorted (so archives diff well), slashes unescaped (so URLs read as URLs).
    static func encode(_ archive: HARArchive) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(archive)
    }

    /// `date` as HAR's `startedDateTime`: ISO 8601 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}

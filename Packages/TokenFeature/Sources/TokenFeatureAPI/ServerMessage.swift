import Foundation

/// The first line of a short UTF-8 error body, for error messages; `nil` for long, binary or blank bodies.
enum ServerMessage {
    static let maximumLength = 200

    static func firstLine(of data: Data) -> String? {
        guard data.count <= 4 * maximumLength, let text = String(validating: data, as: UTF8.self) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > maximumLength ? String(trimmed.prefix(maximumLength)) + "…" : trimmed
    }
}

import Foundation

/// The server's explanation in a short error body: the `error` string of `{"error": "…"}`, else the first
/// line of short UTF-8 text; `nil` for long, binary or blank bodies.
enum FilesServerMessage {
    static let maximumLength = 200

    private struct ErrorBody: Decodable {
        let error: String
    }

    static func text(in data: Data) -> String? {
        guard data.count <= 4 * maximumLength else { return nil }
        let text: String
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: data) {
            text = body.error
        } else if let plain = String(validating: data, as: UTF8.self) {
            text = plain.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        } else {
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count > maximumLength ? String(trimmed.prefix(maximumLength)) + "…" : trimmed
    }
}

/// A `DecodingError` in words a person reading a HAR file can act on: what is missing or wrong, and where.
enum DecodingDescription {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            "\(place(context.codingPath)) is not \(article(type))"
        case .valueNotFound(let type, let context):
            "\(place(context.codingPath)) is null, expected \(article(type))"
        case .dataCorrupted(let context):
            "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    /// `log.entries[2].request.url`.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the document" }
        return path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    private static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}

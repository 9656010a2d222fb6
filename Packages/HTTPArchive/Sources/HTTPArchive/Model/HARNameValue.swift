/// A header, query item or cookie: a name and a value.
public struct HARNameValue: Codable, Sendable, Equatable {
    /// The name, as sent.
    public var name: String
    /// The value, or `"[redacted]"` when the recorder hid it.
    public var value: String

    /// Creates a pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case name, value
    }

    /// Reads a pair; a missing value is empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decode(.value, or: "")
    }
}

/// An identifier stored as a string, whatever JSON type the server sends it as.
///
/// Decodes from a JSON string or a whole JSON number (`79123456` and `"79123456"` give the same value)
/// and always encodes as a string, so a server switching its IDs from numbers to strings breaks nothing.
/// `Entity` only keeps identifiers of different types apart (`Question.ID` vs `User.ID`).
public struct Identifier<Entity>: RawRepresentable, Hashable, Sendable {
    /// The identifier's text, for example `"79123456"`.
    public let rawValue: String

    /// Wraps `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

extension Identifier: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension Identifier: CustomStringConvertible {
    /// The raw value.
    public var description: String { rawValue }
}

extension Identifier: Codable {
    /// Decodes a non-empty string or a whole number; anything else is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard !text.isEmpty else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "The identifier is empty.")
            }
            self.init(rawValue: text)
        } else if let number = try? container.decode(Int64.self) {
            self.init(rawValue: String(number))
        } else if let number = try? container.decode(UInt64.self) {
            self.init(rawValue: String(number))
        } else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Expected an identifier: a string or a whole number."))
        }
    }

    /// Encodes the raw value as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

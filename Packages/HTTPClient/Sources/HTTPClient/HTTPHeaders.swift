/// HTTP header fields whose names compare case-insensitively (RFC 9110, 5.1).
///
/// The caller's spelling of each name is kept for sending, and field order is kept.
/// Setting a value replaces the field under any spelling of its name; setting `nil` removes it.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers["content-type"]            // "application/json"
/// headers["CONTENT-TYPE"] = "text/plain"
/// headers.count                      // 1, sent as "CONTENT-TYPE: text/plain"
/// ```
public struct HTTPHeaders: Sendable {
    /// One header field: the name as spelled by whoever set it, and its value.
    public typealias Field = (name: String, value: String)

    private var fields: [(name: String, value: String)]

    /// Creates empty headers.
    public init() {
        fields = []
    }

    /// Creates headers from name-value pairs; a later pair replaces an earlier one with the same name.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, String) {
        fields = []
        for (name, value) in pairs {
            self[name] = value
        }
    }

    /// Creates headers from a dictionary.
    public init(_ dictionary: [String: String]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The value of the field named `name` in any letter case, or `nil`.
    /// Setting a value replaces every spelling of the name with the given one; `nil` removes the field.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.namesMatch($0.name, name) }?.value
        }
        set {
            guard let newValue, let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                fields.removeAll { Self.namesMatch($0.name, name) }
                if let newValue { fields.append((name, newValue)) }
                return
            }
            fields[first] = (name, newValue)
            let rest = fields.index(after: first)
            fields[rest...].removeAll { Self.namesMatch($0.name, name) }
        }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Whether a field named `name` exists, in any letter case.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// These headers with `other`'s fields set on top (same-named fields are replaced).
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for field in other.fields {
            merged[field.name] = field.value
        }
        return merged
    }

    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates headers from a literal; a later entry replaces an earlier one with the same name.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates the fields in order as `(name, value)` pairs.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension HTTPHeaders: Hashable {
    /// Headers are equal when they hold the same names (in any case) with the same values, in any order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.canonicalFields == rhs.canonicalFields
    }

    public func hash(into hasher: inout Hasher) {
        for field in canonicalFields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }

    private var canonicalFields: [CanonicalField] {
        fields.map { CanonicalField(name: $0.name.lowercased(), value: $0.value) }.sorted()
    }

    private struct CanonicalField: Hashable, Comparable {
        let name: String
        let value: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.name, lhs.value) < (rhs.name, rhs.value)
        }
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// The fields as `name: value` lines, in order.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

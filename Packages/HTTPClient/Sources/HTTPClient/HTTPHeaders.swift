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
        fields.reserveCapacity(pairs.underestimatedCount)
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
            guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                if let newValue { fields.append((name, newValue)) }
                return
            }
            let rest = fields.index(after: first)
            fields[rest...].removeAll { Self.namesMatch($0.name, name) }
            if let newValue {
                fields[first] = (name, newValue)
            } else {
                fields.remove(at: first)
            }
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
        guard !other.fields.isEmpty else { return self }
        var merged = self
        merged.fields.reserveCapacity(fields.count + other.fields.count)  // one copy, then in place
        for field in other.fields {
            merged[field.name] = field.value
        }
        return merged
    }

    /// Whether `lhs.lowercased() == rhs.lowercased()`, without allocating for ASCII names (every real header name).
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        // Native strings always have contiguous UTF-8; `nil` at any level means "only lowercased() can tell".
        let asciiVerdict =
            lhs.utf8.withContiguousStorageIfAvailable { left in
                rhs.utf8.withContiguousStorageIfAvailable { right in asciiNamesMatch(left, right) } ?? nil
            } ?? nil
        return asciiVerdict ?? (lhs.lowercased() == rhs.lowercased())
    }

    /// Whether two names of equal length match ignoring ASCII case, or `nil` when a non-ASCII byte comes
    /// before any difference (then only `lowercased()` can tell).
    private static func asciiNamesMatch(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool? {
        for (left, right) in zip(lhs, rhs) {
            guard left < 0x80, right < 0x80 else { return nil }
            // Up to here both names are ASCII and equal ignoring case, so a difference here is a difference
            // in the lowercased names too.
            guard left == right || asciiLowercase(left) == asciiLowercase(right) else { return false }
        }
        return true
    }

    @inline(__always)
    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
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

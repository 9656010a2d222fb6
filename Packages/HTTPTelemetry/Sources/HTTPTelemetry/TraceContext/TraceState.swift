/// The W3C Trace Context `tracestate` grammar: which values may be passed on.
///
/// A value is a comma-separated list of at most ``memberLimit`` members `key=value` (empty members and spaces
/// or tabs around them allowed), with no key twice and at most ``lengthLimit`` characters in all. A key is
/// lowercase letters, digits, `_`, `-`, `*` and `/`, starting with a letter (at most 256 characters), or
/// `tenant@system` (at most 241 and 14 characters, the tenant starting with a letter or digit, the system with a
/// letter); a value is up to 256 printable ASCII characters other than `,` and `=`, not ending in a space.
enum TraceState {
    /// The most list members a `tracestate` may hold.
    static let memberLimit = 32
    /// The most characters a `tracestate` may hold.
    static let lengthLimit = 512

    /// `text` as it is, or `nil` when it breaks the grammar or holds no member: a `tracestate` that cannot be
    /// read is dropped, never sent.
    static func validated(_ text: String) -> String? {
        guard text.utf8.count <= lengthLimit else { return nil }
        var keys = Set<Substring>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let member = trimmed(item)
            if member.isEmpty { continue }
            guard let equals = member.firstIndex(of: "="), isKey(member[..<equals]),
                isValue(member[member.index(after: equals)...]), keys.insert(member[..<equals]).inserted
            else { return nil }
        }
        guard !keys.isEmpty, keys.count <= memberLimit else { return nil }
        return text
    }

    private static func isKey(_ key: Substring) -> Bool {
        let bytes = Array(key.utf8)
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            let tenant = bytes[..<at]
            let system = bytes[(at + 1)...]
            guard let tenantFirst = tenant.first, let systemFirst = system.first else { return false }
            return tenant.count <= 241 && system.count <= 14 && (isLowercaseLetter(tenantFirst) || isDigit(tenantFirst))
                && isLowercaseLetter(systemFirst) && tenant.allSatisfy(isKeyByte) && system.allSatisfy(isKeyByte)
        }
        guard let first = bytes.first else { return false }
        return bytes.count <= 256 && isLowercaseLetter(first) && bytes.allSatisfy(isKeyByte)
    }

    private static func isValue(_ value: Substring) -> Bool {
        let bytes = Array(value.utf8)
        guard let last = bytes.last, bytes.count <= 256, last != 0x20 else { return false }
        return bytes.allSatisfy { $0 == 0x20 || ((0x21...0x7E).contains($0) && $0 != 0x2C && $0 != 0x3D) }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || isDigit(byte) || "_-*/".utf8.contains(byte)
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[start...end]
    }
}

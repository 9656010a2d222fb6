// Target `cache-control-lists`: quote-aware list splitting and unquoting (QuotedStringList) and the directives
// CacheControl reads from them. The input is one field value.
// Properties: joining the members with "," gives back the value byte for byte; no member holds a comma outside a
// quoted string (by this harness's own scan), and there is one member more than such commas in the value;
// unquoting a quoted string gives back its text, whatever follows the closing quote, and text that does not start
// with a quote comes back as it is; every directive a member names is present; the field names a qualified
// directive lists are non-empty, lowercased and trimmed, and hold no comma.

import Foundation

@testable import HTTPCaching

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let value = FuzzInput(data, size).text
    let members = QuotedStringList.members(value)
    check(Array(members.joined(separator: ",").utf8) == Array(value.utf8), "members of \(value.debugDescription)")
    check(members.count == unquotedCommas(value.utf8) + 1, "\(members.count) members of \(value.debugDescription)")
    for member in members {
        check(unquotedCommas(member.utf8) == 0, "member \(member.debugDescription) of \(value.debugDescription)")
        checkQuoting(String(member))
    }
    checkQuoting(value)
    checkDirectives(value, members: members)
    return 0
}

/// The commas outside quoted strings, where a backslash inside a quoted string takes the next byte with it.
private func unquotedCommas(_ bytes: some Sequence<UInt8>) -> Int {
    var commas = 0
    var state = (quoted: false, pairing: false)
    for byte in bytes {
        switch (state.quoted, state.pairing, byte) {
        case (true, true, _): state.pairing = false
        case (true, false, UInt8(ascii: "\\")): state.pairing = true
        case (_, false, UInt8(ascii: "\"")): state.quoted.toggle()
        case (false, _, UInt8(ascii: ",")): commas += 1
        default: break
        }
    }
    return commas
}

/// `text` as a quoted string: `\` and `"` escaped with a backslash, in quotes.
private func quoted(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for byte in text.utf8 {
        if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
        bytes.append(byte)
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
}

private func checkQuoting(_ text: String) {
    for suffix in ["", "x", "\"", "\\", ", b"] {
        let unquoted = QuotedStringList.unquoted(quoted(text) + suffix)
        check(
            Array(unquoted.utf8) == Array(text.utf8),
            "\(text.debugDescription) quoted gave \(unquoted.debugDescription)")
    }
    if text.utf8.first != UInt8(ascii: "\"") {
        check(Array(QuotedStringList.unquoted(text).utf8) == Array(text.utf8), "\(text.debugDescription) changed")
    }
}

private func checkDirectives(_ value: String, members: [Substring]) {
    let directives = CacheControl(value)
    var names: Set<String> = ["no-cache", "private"]
    for member in members {
        let name = member.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !name.isEmpty else { continue }
        names.insert(name.lowercased())
        check(directives.has(name.lowercased()), "\(name.debugDescription) missing from \(value.debugDescription)")
        check(directives.argument(name.lowercased()) != nil, "no argument for \(name.debugDescription)")
    }
    for name in names {
        for field in directives.fieldNames(name) {
            let context = "\(name) lists \(field.debugDescription) in \(value.debugDescription)"
            check(!field.isEmpty && !field.contains(","), context)
            check(field == field.lowercased() && field == field.trimmingCharacters(in: .whitespaces), context)
        }
    }
}

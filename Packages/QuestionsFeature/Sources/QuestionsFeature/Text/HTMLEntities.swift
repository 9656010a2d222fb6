/// Decodes HTML character references: `&amp;`, `&#39;`, `&#x27;`, `&ouml;` and the other common named ones.
///
/// The Stack Exchange API encodes text fields (titles, display names) so they can be pasted into HTML;
/// this undoes that encoding exactly once, so text that really contains `&lt;` (written as `&amp;lt;`)
/// keeps it. Unknown names and malformed references stay as they are; numeric references to code points
/// that cannot appear in text become U+FFFD, and 0x80–0x9F are read as Windows-1252, as browsers do.
public enum HTMLEntities {
    /// `text` with every character reference replaced by the character it stands for.
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (replacement, length) = reference(in: scalars, at: index) {
                output.append(contentsOf: replacement.unicodeScalars)
                index += length
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return String(output)
    }

    /// The character a reference starting at `start` (an `&`) stands for, and the reference's length.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        let next = start + 1
        guard next < scalars.count else { return nil }
        return scalars[next] == "#" ? numeric(in: scalars, at: start) : named(in: scalars, at: start)
    }

    /// `&#DDDD;` or `&#xHHHH;`; the semicolon may be missing, as browsers allow.
    private static func numeric(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 2
        var radix: UInt32 = 10
        if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < scalars.count, let digit = digitValue(scalars[index], radix: radix) {
            value = value > 0x10FFFF ? value : value * radix + digit
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < scalars.count, scalars[index] == ";" { index += 1 }
        return (String(character(forCodePoint: value)), index - start)
    }

    /// `&name;`: a known name followed by a semicolon.
    private static func named(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        var name = ""
        while index < scalars.count, index - start <= maximumNameLength, isNameCharacter(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let replacement = namedReferences[name] else { return nil }
        return (replacement, index + 1 - start)
    }

    private static let maximumNameLength = 32

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (UInt8(scalar.value).isASCIILetter || UInt8(scalar.value).isASCIIDigit)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f" where radix == 16: scalar.value - 87
        case "A"..."F" where radix == 16: scalar.value - 55
        default: nil
        }
    }

    private static func character(forCodePoint value: UInt32) -> Unicode.Scalar {
        if let windows1252 = windows1252Replacements[value] { return windows1252 }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }
}

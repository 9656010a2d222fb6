/// Makes text safe to show in a terminal: control characters that a server or an archive put in a string
/// (a title holding `ESC[2J`, an `&#x1b;` entity, a carriage return that rewrites the line) are shown, not obeyed.
///
/// C0 controls (U+0000–U+001F) other than line feed and tab, and DEL (U+007F), become caret notation as
/// `cat -v` writes them (`ESC` → `^[`, `BEL` → `^G`, `CR` → `^M`, `DEL` → `^?`); C1 controls (U+0080–U+009F)
/// become U+FFFD. Everything else passes unchanged.
public enum TerminalText {
    /// `text` with its control characters made visible.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09:
                result.append(scalar)
            case 0x00...0x1F:
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value + 0x40)))
            case 0x7F:
                result.append(contentsOf: "^?".unicodeScalars)
            case 0x80...0x9F:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}

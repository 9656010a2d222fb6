/// How many columns text takes on a terminal: two for East Asian wide and emoji characters, none for combining
/// marks and zero-width characters, one for the rest.
public enum TerminalWidth {
    /// The columns `text` takes.
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// The longest start of `text` that fits in `columns`, never splitting a character.
    public static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let width = self.columns(String(character))
            guard used + width <= columns else { break }
            used += width
            result.append(character)
        }
        return result
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalWidth {
    /// The width in columns of the terminal on `descriptor`, read on each call so a resize counts; `nil` when it
    /// is not a terminal or does not say.
    public static func columns(ofTerminal descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

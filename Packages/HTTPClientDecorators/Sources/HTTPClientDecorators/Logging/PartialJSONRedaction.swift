import Foundation

/// Hides the values of secret keys in the first bytes of a JSON text, which a parser would refuse because the
/// text is cut short: the value after any key whose name is secret becomes `"<redacted>"`, and a value cut
/// off part way is hidden as a whole.
enum PartialJSONRedaction {
    /// `text` with the value of every secret key replaced.
    static func redact(_ text: String, isSecret: (String) -> Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\"" else {
                output.append(scalars[index])
                index += 1
                continue
            }
            let (end, isClosed) = endOfString(scalars, from: index)
            output.append(contentsOf: scalars[index..<end])
            let key = scalars[index..<end]
            index = end
            var colon = end
            while colon < scalars.count, isWhitespace(scalars[colon]) { colon += 1 }
            guard isClosed, colon < scalars.count, scalars[colon] == ":", isSecret(decoded(key)) else { continue }
            var value = colon + 1
            while value < scalars.count, isWhitespace(scalars[value]) { value += 1 }
            output.append(contentsOf: scalars[end..<value])
            output.append(contentsOf: "\"\(LogFormat.redacted)\"".unicodeScalars)
            index = endOfValue(scalars, from: value)
        }
        return String(output)
    }

    /// The index after the string literal starting at `start` (a quote), and whether it was closed.
    private static func endOfString(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, isClosed: Bool) {
        var index = start + 1
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 2
            case "\"": return (index + 1, true)
            default: index += 1
            }
        }
        return (scalars.count, false)
    }

    /// The index after the value starting at `start`: a string, an object or array (nesting and strings
    /// skipped), or a number or literal.
    private static func endOfValue(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "\"":
            return endOfString(scalars, from: start).0
        case "{", "[":
            var depth = 0
            var index = start
            while index < scalars.count {
                switch scalars[index] {
                case "\"":
                    index = endOfString(scalars, from: index).0
                    continue
                case "{", "[": depth += 1
                case "}", "]": depth -= 1
                default: break
                }
                index += 1
                if depth == 0 { return index }
            }
            return scalars.count
        default:
            var index = start
            while index < scalars.count, !",}]".unicodeScalars.contains(scalars[index]), !isWhitespace(scalars[index]) {
                index += 1
            }
            return index
        }
    }

    /// The name a closed key literal stands for, escapes decoded (`"\u0070assword"` is `password`).
    private static func decoded(_ literal: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: literal)
        let source = String(text)
        if let name = try? JSONDecoder().decode(String.self, from: Data(source.utf8)) { return name }
        return String(source.dropFirst().dropLast())
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}

import Foundation

/// The layout of help texts: usage brackets and two-column rows.
enum HelpText {
    /// A command's names and arguments: `files download NAME`.
    static func synopsis(_ path: some Sequence<String>, _ command: CommandSummary) -> String {
        (Array(path) + command.arguments.map(\.synopsis)).joined(separator: " ")
    }

    /// `[--name VALUE]` for a usage line; fixed words are listed (`[--sort a|b]`).
    static func bracketed(_ option: OptionSpec) -> String {
        switch option.value {
        case .none: "[\(option.name)]"
        case .choice(_, let words): "[\(option.name) \(words.joined(separator: "|"))]"
        case .text(let name), .file(let name): "[\(option.name) \(name)]"
        }
    }

    /// An option's row: its spelling and value name, then its help.
    static func row(_ option: OptionSpec) -> (String, String) {
        ([option.name, option.value.placeholder].compactMap { $0 }.joined(separator: " "), option.help)
    }

    /// Two columns: the right one starts at column 25, and its further lines (after "\n") line up under it; a
    /// left column too wide for it puts the right one on the next line.
    static func rows(_ rows: [(String, String)]) -> String {
        let continuation = "\n" + String(repeating: " ", count: 24)
        return rows.map { left, right in
            let padding = left.count > 20 ? continuation : String(repeating: " ", count: 22 - left.count)
            return "  " + left + padding + right.replacingOccurrences(of: "\n", with: continuation)
        }
        .joined(separator: "\n")
    }

    /// `items` in order, each key once (the first).
    static func unique<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        var seen = Set<String>()
        return items.filter { seen.insert(key($0)).inserted }
    }
}

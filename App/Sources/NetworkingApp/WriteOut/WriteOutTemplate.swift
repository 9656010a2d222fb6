/// A `--write-out` format read once, before any request: text and curl's variables in order.
///
/// `%{name}` is a variable (``WriteOutVariable``), `%%` a percent sign, `\n`, `\r` and `\t` a line feed,
/// carriage return and tab. Any other `%` or `\` stands for itself, as in curl.
struct WriteOutTemplate: Equatable, Sendable {
    /// A run of plain text or one variable.
    enum Piece: Equatable, Sendable {
        case text(String)
        case variable(WriteOutVariable)
    }

    /// The pieces in order; neighbouring text is one piece.
    let pieces: [Piece]

    /// Reads `format`.
    /// - Throws: ``WriteOutFormatError`` for an unknown variable or a `%{` without its `}`.
    init(parsing format: String) throws(WriteOutFormatError) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(format)
        while let character = rest.popFirst() {
            switch (character, rest.first) {
            case ("%", "%"):
                rest.removeFirst()
                text.append("%")
            case ("%", "{"):
                rest.removeFirst()
                guard let close = rest.firstIndex(of: "}") else {
                    throw WriteOutFormatError(reason: .unclosedVariable)
                }
                let name = String(rest[..<close])
                guard let variable = WriteOutVariable(rawValue: name) else {
                    throw WriteOutFormatError(reason: .unknownVariable(name))
                }
                rest = rest[rest.index(after: close)...]
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.variable(variable))
            case ("\\", "n"), ("\\", "r"), ("\\", "t"):
                let escaped = rest.removeFirst()
                text.append(escaped == "n" ? "\n" : escaped == "r" ? "\r" : "\t")
            default:
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The text for one exchange: each variable replaced by its value from `values`.
    func render(_ values: (WriteOutVariable) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .variable(let variable): values(variable)
            }
        }
        .joined()
    }
}

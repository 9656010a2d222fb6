/// A `--write-out` format that cannot be read: an unknown variable, or a `%{` without its `}`.
struct WriteOutFormatError: Error, Equatable, CustomStringConvertible {
    enum Reason: Equatable {
        /// `%{name}` where curl's name is not one `networking` knows.
        case unknownVariable(String)
        /// `%{` with no `}` after it.
        case unclosedVariable
    }

    let reason: Reason

    var description: String {
        switch reason {
        case .unknownVariable(let name):
            "unknown variable %{\(name)}; known: "
                + WriteOutVariable.allCases.map { "%{\($0.rawValue)}" }.joined(separator: " ")
        case .unclosedVariable:
            "'%{' without its closing '}'"
        }
    }
}

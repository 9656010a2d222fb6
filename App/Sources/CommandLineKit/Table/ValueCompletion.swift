/// What a shell may offer for an option's value.
public enum ValueCompletion: Sendable, Equatable {
    /// Nothing: any text.
    case text
    /// A file path.
    case file
    /// One of these words.
    case choice([String])

    /// The ``OptionValue`` of a value named `placeholder`.
    func value(named placeholder: String) -> OptionValue {
        switch self {
        case .text: .text(placeholder)
        case .file: .file(placeholder)
        case .choice(let words): .choice(placeholder, words)
        }
    }
}

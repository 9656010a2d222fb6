/// The value an option takes, as help and completion describe it: none (a flag), free text, one of fixed
/// words, or a file path.
public enum OptionValue: Sendable, Equatable {
    /// A flag: the option takes no value.
    case none
    /// Free text, named by its placeholder (`N`, `URL`).
    case text(String)
    /// One of fixed words, named by its placeholder.
    case choice(String, [String])
    /// A file path, named by its placeholder.
    case file(String)

    /// The value's name in usage texts (`N`, `URL`), or `nil` for a flag.
    public var placeholder: String? {
        switch self {
        case .none: nil
        case .text(let name), .choice(let name, _), .file(let name): name
        }
    }
}

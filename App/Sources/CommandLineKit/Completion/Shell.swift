/// A shell that completion scripts are written for.
public enum Shell: String, CaseIterable, Sendable {
    /// GNU bash.
    case bash
    /// The Z shell.
    case zsh
    /// The friendly interactive shell.
    case fish
}

/// One piece of a command's part of the command line, as the parser's scan reads it.
enum CommandLineItem {
    /// A common option: its index in the table, and its value (`nil` for a flag).
    case common(Int, String?)
    /// `--help` or `-h`.
    case help
    /// An option of the command's tree, as spelled, with its value; which command takes it is known once the
    /// words picked the subcommand.
    case option(String, String?)
    /// An option no command of the tree takes.
    case unknown(String)
    /// A mistake that ended the scan (a missing value, a value given to a flag).
    case failure(UsageError)
    /// A word that is not an option: a subcommand's name or an argument.
    case word(String)

    /// The word, if this is one.
    var word: String? {
        guard case .word(let word) = self else { return nil }
        return word
    }
}

/// A command line the tool cannot run: unknown command or option, missing or bad value. Exit status 64.
struct UsageError: CategorizedError, Equatable, CustomStringConvertible {
    /// What is wrong, in one line.
    let description: String
    /// The usage text to show with it.
    let topic: HelpTopic

    var exitStatus: ExitStatus { .usage }
}

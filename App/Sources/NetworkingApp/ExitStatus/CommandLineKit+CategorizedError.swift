import CommandLineKit

/// A command line the tool cannot run. Exit status 64.
extension UsageError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}

/// A usage error: the tool was started without a readable standard input. Exit status 64.
extension StandardInputError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}

import CommandLineKit

/// A command line the tool cannot run. Exit status 64.
extension UsageError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}

/// A usage error: the tool was started without a readable standard input. Exit status 64.
extension StandardInputError: CategorizedError {
    var exitStatus: ExitStatus { .usage }
}

/// A file the tool was asked to write (`--save-avatar`, `--record`) could not be written. Exit status 5.
extension OutputFile.Error: CategorizedError {
    var exitStatus: ExitStatus { .localFileFailure }
}

/// A console without a byte writer was asked for a binary download on standard output. Exit status 5.
extension BinaryOutputUnsupported: CategorizedError {
    var exitStatus: ExitStatus { .localFileFailure }
}

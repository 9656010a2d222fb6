import Foundation

/// Where the tool writes and reads: standard output for results, standard error for everything else.
struct Console: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    var readInput: @Sendable () -> Data
    /// Whether progress lines ("Loading…") are worth showing: standard error is a terminal.
    var showsProgress: Bool

    static let standard = Console(
        writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        readInput: { FileHandle.standardInput.readDataToEndOfFile() },
        showsProgress: isatty(STDERR_FILENO) == 1
    )
}

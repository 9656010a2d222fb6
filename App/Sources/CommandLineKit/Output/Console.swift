import Foundation

/// Where a tool writes and reads: standard output for results, standard error for everything else.
///
/// Text for people (``writeOutput(_:)``, ``writeError(_:)``) passes through ``TerminalText``, so no control
/// character from a server or an archive reaches a terminal; machine-readable documents
/// (``writeDocument(_:)``: JSON, completion scripts) are written as they are.
public struct Console: Sendable {
    /// Writes to standard output as it is.
    public var writeRawOutput: @Sendable (String) -> Void
    /// Writes to standard error as it is.
    public var writeRawError: @Sendable (String) -> Void
    /// Reads standard input to its end; throws ``StandardInputError`` when it cannot be read.
    public var readInput: @Sendable () throws -> Data
    /// Whether progress lines ("Loading…") are worth showing: standard error is a terminal.
    public var showsProgress: Bool

    /// Creates a console from its streams' operations.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () throws -> Data, showsProgress: Bool
    ) {
        writeRawOutput = writeOutput
        writeRawError = writeError
        self.readInput = readInput
        self.showsProgress = showsProgress
    }

    /// Writes text for people to standard output, control characters made visible.
    public func writeOutput(_ text: String) {
        writeRawOutput(TerminalText.sanitized(text))
    }

    /// Writes a machine-readable document (JSON, a completion script) to standard output unchanged.
    public func writeDocument(_ text: String) {
        writeRawOutput(text)
    }

    /// Writes a message, a progress line or a log entry to standard error, control characters made visible.
    public func writeError(_ text: String) {
        writeRawError(TerminalText.sanitized(text))
    }
}

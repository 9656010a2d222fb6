import Foundation

/// Where a tool writes and reads: standard output for results, standard error for everything else.
///
/// Text for people (``writeOutput(_:)``, ``writeError(_:)``) passes through ``TerminalText``, so no control
/// character from a server or an archive reaches a terminal; machine-readable documents
/// (``writeDocument(_:)``: JSON, completion scripts) are written as they are.
public struct Console: Sendable {
    /// Writes to standard output as it is.
    public var writeRawOutput: @Sendable (String) -> Void
    /// Writes bytes to standard output as they are (a downloaded file); throws when standard output cannot take
    /// them, such as a closed pipe.
    public var writeOutputBytes: @Sendable ([UInt8]) throws -> Void
    /// Writes to standard error as it is.
    public var writeRawError: @Sendable (String) -> Void
    /// Reads standard input to its end; throws ``StandardInputError`` when it cannot be read.
    public var readInput: @Sendable () throws -> Data
    /// Whether progress lines ("Loading…") are worth showing: standard error is a terminal.
    public var showsProgress: Bool

    /// Creates a console from its streams' operations; it cannot write bytes that are not text
    /// (``writeOutputBytes`` throws ``BinaryOutputUnsupported``).
    public init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () throws -> Data, showsProgress: Bool
    ) {
        self.init(
            writeOutput: writeOutput, writeOutputBytes: { _ in throw BinaryOutputUnsupported() },
            writeError: writeError, readInput: readInput, showsProgress: showsProgress)
    }

    /// Creates a console from its streams' operations, one of them writing bytes to standard output.
    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeOutputBytes: @escaping @Sendable ([UInt8]) throws -> Void,
        writeError: @escaping @Sendable (String) -> Void, readInput: @escaping @Sendable () throws -> Data,
        showsProgress: Bool
    ) {
        writeRawOutput = writeOutput
        self.writeOutputBytes = writeOutputBytes
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

/// A console made from text writers alone was asked to write bytes to standard output.
public struct BinaryOutputUnsupported: Error, Equatable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// What went wrong, in one sentence.
    public var description: String { "This console cannot write bytes to standard output" }
}

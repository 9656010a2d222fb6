import Foundation

/// Decides which ``ExitStatus`` an error stands for: the one it states as a ``CategorizedError``, or
/// ``ExitStatus/internalError`` when it states none.
///
/// An answer that arrived but cannot be used is 3 whatever layer noticed: malformed JSON, a wrong
/// `Content-Type`, a body that fails content decoding, or one larger than the client's limit.
enum FailureClassifier {
    static func status(for error: any Error) -> ExitStatus {
        if let error = error as? any CategorizedError { return error.exitStatus }
        // Foundation throws its file errors as `NSError`s, which become a `CocoaError` only when cast to it.
        if let error = error as? CocoaError { return error.exitStatus }
        return .internalError
    }

    /// For an error that states no exit status, the sentence its message ends with, naming its type with its
    /// module (`Swift.DecodingError`); `nil` for every other error.
    static func bugNote(for error: any Error) -> String? {
        guard status(for: error) == .internalError else { return nil }
        return "This is a bug in networking: \(String(reflecting: type(of: error))) states no exit status."
    }

    /// One line naming the cause, for standard error.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}

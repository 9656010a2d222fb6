/// A positional argument of a command, the way an `@Argument` property is declared: its name and help, and
/// how its words, parsed by a ``ValueParser``, change `Target`, the command's options value.
///
/// Arguments are required and take one word each, in order; the last may take every remaining word
/// (``repeating(_:help:missing:_:_:)``).
public struct Argument<Target>: Sendable {
    /// What help and completion show.
    public let spec: ArgumentSpec
    /// The usage error's text when the argument is missing.
    let missing: String
    private let apply: @Sendable (inout Target, [String], OptionContext) throws(UsageError) -> Void

    private init(
        spec: ArgumentSpec, missing: String?,
        apply: @escaping @Sendable (inout Target, [String], OptionContext) throws(UsageError) -> Void
    ) {
        self.spec = spec
        self.missing = missing ?? "missing \(spec.synopsis)"
        self.apply = apply
    }

    /// An argument of one word, parsed by `parser`, then given its effect by `apply`.
    /// - Parameters:
    ///   - name: The name usage and help show, such as `NAME`.
    ///   - help: One line for the help's arguments section.
    ///   - missing: The error's text when the word is not given (default `missing NAME`).
    ///   - parser: Reads the word.
    ///   - apply: Gives the parsed value its effect on the command's target.
    public init<Value>(
        _ name: String, help: String, missing: String? = nil, _ parser: ValueParser<Value>,
        apply: @escaping @Sendable (inout Target, Value) -> Void
    ) {
        self.init(spec: ArgumentSpec(name, help: help, completion: parser.completion), missing: missing) {
            target, words, context throws(UsageError) in
            for word in words { apply(&target, try parser.parse(word, in: context)) }
        }
    }

    /// An argument of one word, parsed by `parser` and stored at `keyPath`.
    /// - Parameters:
    ///   - name: The name usage and help show, such as `NAME`.
    ///   - help: One line for the help's arguments section.
    ///   - missing: The error's text when the word is not given (default `missing NAME`).
    ///   - keyPath: Where the parsed value goes in the command's target.
    ///   - parser: Reads the word.
    public init<Value>(
        _ name: String, help: String, missing: String? = nil, _ keyPath: WritableKeyPath<Target, Value?> & Sendable,
        _ parser: ValueParser<Value>
    ) {
        self.init(name, help: help, missing: missing, parser) { target, value in target[keyPath: keyPath] = value }
    }

    /// An argument of one or more words (`FILE...`), each parsed by `parser`, stored in order at `keyPath`.
    /// - Parameters:
    ///   - name: The name usage and help show, such as `FILE`.
    ///   - help: One line for the help's arguments section.
    ///   - missing: The error's text when no word is given (default `missing NAME...`).
    ///   - keyPath: The list the parsed values are appended to, in the command's target.
    ///   - parser: Reads each word.
    public static func repeating<Value>(
        _ name: String, help: String, missing: String? = nil, _ keyPath: WritableKeyPath<Target, [Value]> & Sendable,
        _ parser: ValueParser<Value>
    ) -> Argument {
        let spec = ArgumentSpec(name, help: help, completion: parser.completion, repeats: true)
        return Argument(spec: spec, missing: missing) { target, words, context throws(UsageError) in
            for word in words { target[keyPath: keyPath].append(try parser.parse(word, in: context)) }
        }
    }

    /// Gives the argument's words their effect on `target`.
    func apply(_ words: [String], to target: inout Target, context: OptionContext) throws(UsageError) {
        try apply(&target, words, context)
    }
}

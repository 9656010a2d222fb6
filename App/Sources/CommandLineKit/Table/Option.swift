/// An option of a command table that carries its own parse: its spellings and help, and how its value
/// changes `Target`, the options value it belongs to (a command's options, or the options every command takes).
///
/// Bind an option to a property with a key path, the way an `@Option` property is bound:
/// `Option("--page-size", "N", help: "questions per page", \.pageSize, .integer(in: 1...100))`.
public struct Option<Target>: Sendable {
    /// What help and completion show.
    public let spec: OptionSpec
    private let apply: @Sendable (inout Target, String?, OptionContext) throws(UsageError) -> Void

    private init(
        spec: OptionSpec, apply: @escaping @Sendable (inout Target, String?, OptionContext) throws(UsageError) -> Void
    ) {
        self.spec = spec
        self.apply = apply
    }

    /// An option that takes a value, parsed by `parser`, then given its effect by `apply`.
    public init<Value>(
        _ name: String, short: String? = nil, _ placeholder: String, help: String, _ parser: ValueParser<Value>,
        apply: @escaping @Sendable (inout Target, Value, OptionContext) throws(UsageError) -> Void
    ) {
        spec = OptionSpec(name, short: short, value: parser.completion.value(named: placeholder), help: help)
        self.apply = { target, text, context throws(UsageError) in
            try apply(&target, try parser.parse(text ?? "", in: context), context)
        }
    }

    /// An option that takes a value, parsed by `parser` and stored at `keyPath`.
    public init<Value>(
        _ name: String, short: String? = nil, _ placeholder: String, help: String,
        _ keyPath: WritableKeyPath<Target, Value?> & Sendable, _ parser: ValueParser<Value>
    ) {
        self.init(name, short: short, placeholder, help: help, parser) { target, value, _ in
            target[keyPath: keyPath] = value
        }
    }

    /// A flag: an option without a value, given its effect by `apply`.
    public static func flag(
        _ name: String, short: String? = nil, help: String,
        apply: @escaping @Sendable (inout Target, OptionContext) throws(UsageError) -> Void
    ) -> Option {
        Option(spec: OptionSpec(name, short: short, help: help)) { target, _, context throws(UsageError) in
            try apply(&target, context)
        }
    }

    /// A flag that sets the property at `keyPath` to `true`.
    public static func flag(
        _ name: String, short: String? = nil, help: String, _ keyPath: WritableKeyPath<Target, Bool> & Sendable
    ) -> Option {
        flag(name, short: short, help: help) { target, _ in target[keyPath: keyPath] = true }
    }

    /// Gives the option its effect on `target`; `value` is `nil` for a flag.
    func apply(to target: inout Target, value: String?, context: OptionContext) throws(UsageError) {
        try apply(&target, value, context)
    }
}

/// An option that stands instead of a command (`--version`): nothing may follow it, and it decides the result.
public struct StandaloneOption<Result>: Sendable {
    /// What help and completion show.
    public let spec: OptionSpec
    private let make: @Sendable (String?, OptionContext) throws(UsageError) -> Result

    /// An option without a value that stands for `result`.
    public init(_ name: String, help: String, result: @escaping @Sendable () -> Result) {
        spec = OptionSpec(name, help: help)
        make = { _, _ in result() }
    }

    /// An option whose value, parsed by `parser`, becomes the result through `make`.
    public init<Value>(
        _ name: String, _ placeholder: String, help: String, _ parser: ValueParser<Value>,
        make: @escaping @Sendable (Value) -> Result
    ) {
        spec = OptionSpec(name, value: parser.completion.value(named: placeholder), help: help)
        self.make = { text, context throws(UsageError) in make(try parser.parse(text ?? "", in: context)) }
    }

    /// `--generate-completion-script SHELL`, whose result `make` builds from the shell asked for.
    public static func completionScript(make: @escaping @Sendable (Shell) -> Result) -> StandaloneOption {
        StandaloneOption(
            "--generate-completion-script", "SHELL", help: "print a completion script for bash, zsh or fish", .choice,
            make: make)
    }

    /// The result for `value` (`nil` for an option without one).
    func result(value: String?, context: OptionContext) throws(UsageError) -> Result {
        try make(value, context)
    }
}

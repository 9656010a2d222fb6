/// Turns an option's text into a typed value, or a ``UsageError`` naming the option and the problem.
public struct ValueParser<Value>: Sendable {
    /// What a shell may offer for the value.
    public let completion: ValueCompletion
    private let parse: @Sendable (String, OptionContext) throws(UsageError) -> Value

    /// Creates a parser from a closure; `completion` tells shells what to offer.
    public init(
        completion: ValueCompletion = .text,
        _ parse: @escaping @Sendable (_ text: String, _ context: OptionContext) throws(UsageError) -> Value
    ) {
        self.completion = completion
        self.parse = parse
    }

    /// The value `text` stands for.
    public func parse(_ text: String, in context: OptionContext) throws(UsageError) -> Value {
        try parse(text, context)
    }

    /// This parser's values passed through `transform`, which may reject them.
    public func map<Other>(
        _ transform: @escaping @Sendable (Value, OptionContext) throws(UsageError) -> Other
    ) -> ValueParser<Other> {
        ValueParser<Other>(completion: completion) { text, context throws(UsageError) in
            try transform(try parse(text, context), context)
        }
    }
}

extension ValueParser where Value == String {
    /// Any text, empty included.
    public static var text: ValueParser { ValueParser { text, _ in text } }

    /// A file path; shells complete file names. Empty text is rejected as `OPTION needs a file path`, or
    /// with `need` in its place.
    public static func file(needs need: String = "a file path") -> ValueParser {
        ValueParser(completion: .file) { text, context throws(UsageError) in
            guard !text.isEmpty else { throw context.error("\(context.option) needs \(need)") }
            return text
        }
    }
}

extension ValueParser where Value == Int {
    /// A whole number within `range`.
    public static func integer(in range: ClosedRange<Int>) -> ValueParser {
        ValueParser { text, context throws(UsageError) in
            guard let value = Int(text), range.contains(value) else {
                throw context.error(
                    "\(context.option) must be a whole number from \(range.lowerBound) to \(range.upperBound), "
                        + "not '\(text)'")
            }
            return value
        }
    }
}

extension ValueParser where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the type's cases, spelled as its raw value; help and completion list them in `allCases` order.
    public static var choice: ValueParser {
        let cases = Array(Value.allCases)
        let words = cases.map(\.rawValue)
        return ValueParser(completion: .choice(words)) { text, context throws(UsageError) in
            guard let value = cases.first(where: { $0.rawValue == text }) else {
                throw context.error(
                    "\(context.option) must be one of \(words.joined(separator: ", ")), not '\(text)'")
            }
            return value
        }
    }
}

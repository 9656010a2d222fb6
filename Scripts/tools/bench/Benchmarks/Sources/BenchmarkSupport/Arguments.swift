/// `--name value` options of a benchmark command, with typed look-ups and defaults.
public struct Arguments: Sendable {
    /// Why the command line was refused.
    public enum Error: Swift.Error, CustomStringConvertible {
        case missingValue(String)
        case invalidValue(name: String, value: String)
        case missingOption(String)
        case unexpected(String)

        public var description: String {
            switch self {
            case .missingValue(let name): "option --\(name) needs a value"
            case .invalidValue(let name, let value): "option --\(name): invalid value \"\(value)\""
            case .missingOption(let name): "option --\(name) is required"
            case .unexpected(let argument): "unexpected argument \"\(argument)\""
            }
        }
    }

    private let values: [String: String]

    /// Parses `arguments` (without the command name) as `--name value` pairs.
    public init(_ arguments: [String]) throws(Error) {
        var values: [String: String] = [:]
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("--"), argument.count > 2 else { throw .unexpected(argument) }
            let name = String(argument.dropFirst(2))
            guard let value = iterator.next() else { throw .missingValue(name) }
            values[name] = value
        }
        self.values = values
    }

    /// The string value of `--name`, or `fallback`; throws when neither exists.
    public func string(_ name: String, default fallback: String? = nil) throws(Error) -> String {
        guard let value = values[name] ?? fallback else { throw .missingOption(name) }
        return value
    }

    /// The value of `--name` as an integer, or `fallback`.
    public func int(_ name: String, default fallback: Int) throws(Error) -> Int {
        guard let raw = values[name] else { return fallback }
        guard let value = Int(raw) else { throw .invalidValue(name: name, value: raw) }
        return value
    }

    /// The value of `--name` as a number, or `fallback`.
    public func double(_ name: String, default fallback: Double) throws(Error) -> Double {
        guard let raw = values[name] else { return fallback }
        guard let value = Double(raw) else { throw .invalidValue(name: name, value: raw) }
        return value
    }

    /// The value of `--name`, or `nil` when absent.
    public func optional(_ name: String) -> String? {
        values[name]
    }
}

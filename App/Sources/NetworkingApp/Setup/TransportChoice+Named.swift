import CommandLineKit
import NetworkingComposition

extension TransportChoice {
    /// The choice named `text`; throws the usage error naming `source` and the choices otherwise.
    static func named(_ text: String, source: String) throws(UsageError) -> TransportChoice {
        guard let choice = TransportChoice(rawValue: text) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(description: "\(source) must be one of \(names), not '\(text)'", command: nil)
        }
        return choice
    }
}

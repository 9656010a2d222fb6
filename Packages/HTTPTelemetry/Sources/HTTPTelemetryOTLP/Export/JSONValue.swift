import Foundation
import HTTPTelemetry

/// A JSON document built in order, so the same value always writes the same text.
enum JSONValue: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The compact JSON text: no spaces, keys in the order given, doubles in Swift's shortest form.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, to: &output)
        case .int(let value): output += String(value)
        case .double(let value):
            // Protobuf's JSON mapping writes the values JSON has no number for as these strings.
            if value.isNaN {
                output += "\"NaN\""
            } else if value.isInfinite {
                output += value > 0 ? "\"Infinity\"" : "\"-Infinity\""
            } else {
                output += String(value)
            }
        case .bool(let value): output += value ? "true" : "false"
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

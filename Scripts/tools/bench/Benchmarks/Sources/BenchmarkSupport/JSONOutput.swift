import Foundation

/// Writes one result object as a line of JSON on standard output, for the launcher to read.
public enum JSONOutput {
    /// Prints `object` (JSON types only: dictionaries, arrays, strings, numbers, booleans) on one line.
    public static func emit(_ object: [String: Any]) {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        else {
            FileHandle.standardError.write(Data("invalid JSON result: \(object)\n".utf8))
            return
        }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Writes `message` and a newline to standard error (progress notes).
    public static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}

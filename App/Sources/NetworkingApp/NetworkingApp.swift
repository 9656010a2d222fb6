import Foundation

/// The `networking` command line tool. Placeholder until the App issue wires the features in.
public enum NetworkingApp {
    /// Runs the tool with `arguments` (without the program name) and returns its exit status.
    public static func run(arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("networking: not implemented yet; the composition root comes next\n".utf8))
        return 1
    }
}

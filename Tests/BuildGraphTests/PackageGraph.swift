import Foundation

/// Reads the packages under `Packages/` and their resolved dependency graphs.
enum PackageGraph {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func packageNames() -> [String] {
        let packages = repository.appendingPathComponent("Packages")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packages.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: packages.appendingPathComponent("\($0)/Package.swift").path)
        }
        .sorted()
    }

    /// The rule: the abstraction depends on nothing; everything else in `Packages/` on the abstraction only.
    static func allowedDependencies(of package: String) -> Set<String> {
        package == "HTTPClient" ? [] : ["httpclient"]
    }

    /// Every package identity in the resolved graph of `package`, transitively, excluding itself.
    static func resolvedDependencies(of package: String) throws -> Set<String> {
        let path = repository.appendingPathComponent("Packages/\(package)").path
        let output = try run("swift", ["package", "--package-path", path, "show-dependencies", "--format", "json"])
        guard let root = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(description: "show-dependencies printed no JSON object for \(package)")
        }
        return identities(in: root["dependencies"])
    }

    private static func identities(in value: Any?) -> Set<String> {
        guard let nodes = value as? [[String: Any]] else { return [] }
        return nodes.reduce(into: Set<String>()) { result, node in
            if let identity = node["identity"] as? String { result.insert(identity) }
            result.formUnion(identities(in: node["dependencies"]))
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return data
    }
}

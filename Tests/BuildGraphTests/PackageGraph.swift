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
    static func resolvedDependencies(of package: String) async throws -> Set<String> {
        let path = repository.appendingPathComponent("Packages/\(package)").path
        let output = try await run(
            "swift", ["package", "--package-path", path, "show-dependencies", "--format", "json"])
        guard let root = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(description: "show-dependencies printed no JSON object for \(package)")
        }
        return identities(in: root["dependencies"])
    }

    /// A target of a package's manifest: its name, its type (`regular`, `executable`, `test`, …) and the names
    /// of the targets and products it depends on.
    struct Target {
        let name: String
        let type: String
        let dependencies: Set<String>
    }

    /// The targets of `package`'s manifest, as `swift package dump-package` reports them.
    static func targets(of package: String) async throws -> [Target] {
        let path = repository.appendingPathComponent("Packages/\(package)").path
        let output = try await run("swift", ["package", "--package-path", path, "dump-package"])
        guard let manifest = try JSONSerialization.jsonObject(with: output) as? [String: Any],
            let targets = manifest["targets"] as? [[String: Any]]
        else { throw Failure(description: "dump-package printed no targets for \(package)") }
        return targets.map { target in
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            return Target(
                name: target["name"] as? String ?? "", type: target["type"] as? String ?? "",
                dependencies: Set(dependencies))
        }
    }

    private static func identities(in value: Any?) -> Set<String> {
        guard let nodes = value as? [[String: Any]] else { return [] }
        return nodes.reduce(into: Set<String>()) { result, node in
            if let identity = node["identity"] as? String { result.insert(identity) }
            result.formUnion(identities(in: node["dependencies"]))
        }
    }

    /// Runs `tool` with its output in a temporary file and awaits its exit, so no thread of the test run's
    /// shared pool blocks while SwiftPM resolves a graph.
    private static func run(_ tool: String, _ arguments: [String]) async throws -> Data {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("package-graph-\(UUID())")
        try Data().write(to: outputFile)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(status)")
        }
        return try Data(contentsOf: outputFile)
    }
}

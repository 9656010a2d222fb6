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

    /// The packages that may reach the transfer workflows: the feature that transfers files, and the transports,
    /// whose end-to-end tests upload multipart bodies (their libraries never import it).
    static let transferUsers: Set<String> = ["FilesFeature", "CurlInfrastructure", "URLSessionInfrastructure"]

    /// The features whose test targets replay recorded traffic with `HTTPReplay` (their libraries never import it).
    static let replayUsers: Set<String> = ["QuestionsFeature", "TokenFeature"]

    /// The rule: the abstraction depends on nothing; everything else in `Packages/` on the abstraction,
    /// ``transferUsers`` on the transfer package too, `HTTPReplay` on the archive package, and ``replayUsers`` on
    /// `HTTPReplay` and so on the archive package.
    static func allowedDependencies(of package: String) -> Set<String> {
        if package == "HTTPClient" { return [] }
        var allowed: Set<String> = ["httpclient"]
        if transferUsers.contains(package) { allowed.insert("httptransfers") }
        if package == "HTTPReplay" { allowed.insert("httparchive") }
        if replayUsers.contains(package) { allowed.formUnion(["httpreplay", "httparchive"]) }
        return allowed
    }

    /// The modules of every package under `Packages/`: the folders under each package's `Sources/`.
    static func repositoryModules() -> Set<String> {
        let packages = repository.appendingPathComponent("Packages")
        return packageNames().reduce(into: Set<String>()) { modules, package in
            let sources = packages.appendingPathComponent("\(package)/Sources").path
            modules.formUnion((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? [])
        }
    }

    /// The modules the Swift files of `target` (of `package`) import, each with the file that imports it.
    static func imports(of target: Target, in package: String) -> [(module: String, file: String)] {
        let folder = repository.appendingPathComponent("Packages/\(package)")
            .appendingPathComponent(target.path ?? (target.type == "test" ? "Tests" : "Sources") + "/\(target.name)")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(module: String, file: String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count == 2, words[0] == "import" { found.append((String(words[1]), file)) }
            }
        }
        return found
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
        /// The target's folder as the manifest states it; `nil` for the default `Sources/NAME` or `Tests/NAME`.
        let path: String?
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
                dependencies: Set(dependencies), path: target["path"] as? String)
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

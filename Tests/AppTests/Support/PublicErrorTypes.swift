import Foundation

/// The public error types of the packages' library modules, found two ways: in the API baselines the compiler
/// wrote (`Tests/API/<Module>.json`, nested types and conformances from extensions included), and in the
/// sources (so a type added since the baselines were recorded is not missed).
enum PublicErrorTypes {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Test-only libraries: their errors never reach the tool.
    static let testOnlyModules: Set<String> = ["HTTPClientTestSupport", "DevServerSupport"]

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules with an API baseline, test-only ones left out.
    static func modules() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: baselines.path)
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
            .filter { !testOnlyModules.contains($0) }.sorted()
    }

    /// Fully qualified names (`QuestionsFeatureAPI.QuestionMapper.Error`) of the types the baselines list as
    /// conforming to `Error`.
    static func listedInBaselines() throws -> Set<String> {
        var names = Set<String>()
        for module in try modules() {
            let data = try Data(contentsOf: baselines.appendingPathComponent("\(module).json"))
            guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let root = document["ABIRoot"] as? [String: Any]
            else { throw Failure(description: "\(module).json holds no ABIRoot") }
            collect(root, path: [module], into: &names)
        }
        return names
    }

    /// Simple names of the types the modules' sources declare public and conforming to `Error` (or
    /// `LocalizedError`) on the declaration line, or extend to conform.
    static func declaredInSources() throws -> Set<String> {
        let declaration = try Regex(
            #"^\s*(?:public\s+(?:final\s+)?(?:struct|enum|class|actor)|extension)\s+([\w.]+)"#
                + #"\s*:[^{]*\b(?:Localized)?Error\b"#)
        var names = Set<String>()
        for module in try modules() {
            for file in try swiftFiles(ofModule: module) {
                for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                    guard let match = line.firstMatch(of: declaration), let name = match.output[1].substring else {
                        continue
                    }
                    names.insert(String(name.split(separator: ".").last ?? name))
                }
            }
        }
        return names
    }

    private static var baselines: URL { repository.appendingPathComponent("Tests/API") }

    private static func collect(_ node: [String: Any], path: [String], into names: inout Set<String>) {
        for child in node["children"] as? [[String: Any]] ?? [] where child["kind"] as? String == "TypeDecl" {
            // An extension of another module's type is listed under that module, not here.
            guard let name = child["name"] as? String, child["isExternal"] as? Bool != true else { continue }
            let conformances = (child["conformances"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            if conformances.contains("Error") { names.insert((path + [name]).joined(separator: ".")) }
            collect(child, path: path + [name], into: &names)
        }
    }

    private static func swiftFiles(ofModule module: String) throws -> [URL] {
        let packages = repository.appendingPathComponent("Packages")
        var files: [URL] = []
        for package in try FileManager.default.contentsOfDirectory(atPath: packages.path) {
            let sources = packages.appendingPathComponent("\(package)/Sources/\(module)")
            guard let walker = FileManager.default.enumerator(atPath: sources.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                files.append(sources.appendingPathComponent(path))
            }
        }
        return files
    }
}

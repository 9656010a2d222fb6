import Foundation

/// The public error types of the packages' library modules, found two ways: in the API listings rendered from
/// the compiler's symbol graphs (`Tests/API/<Module>.txt`, nested types and conformances from extensions
/// included), and in the sources (so a type added since the listings were recorded is not missed).
enum PublicErrorTypes {
    /// Test-only libraries: their errors never reach the tool.
    static let testOnlyModules: Set<String> = ["HTTPClientTestSupport", "DevServerSupport", "HTTPReplay"]

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules with an API listing, test-only ones left out.
    static func modules() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: baselines.path)
        return names.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(".txt".count)) }
            .filter { !testOnlyModules.contains($0) }.sorted()
    }

    /// Fully qualified names (`QuestionsFeatureAPI.QuestionMapper.Error`) of the types the listings show
    /// conforming to `Error` or `LocalizedError` (lines such as `QuestionMapper.Error: conforms to Error`).
    static func listedInBaselines() throws -> Set<String> {
        let conformance = try Regex(#"^([\w.]+): conforms to (?:Localized)?Error(?: where .*)?$"#)
        var names = Set<String>()
        for module in try modules() {
            let listing = try String(
                contentsOf: baselines.appendingPathComponent("\(module).txt"), encoding: .utf8)
            for line in listing.split(separator: "\n") {
                guard let match = line.wholeMatch(of: conformance), let type = match.output[1].substring else {
                    continue
                }
                names.insert("\(module).\(type)")
            }
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

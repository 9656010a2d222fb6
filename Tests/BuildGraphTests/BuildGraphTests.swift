import Foundation
import Testing

/// Asserts the resolved build graph of every package, as `swift package show-dependencies` reports it.
struct BuildGraphTests {
    @Test(arguments: PackageGraph.packageNames())
    func eachPackageResolvesOnlyToWhatItsRulesAllow(package: String) async throws {
        let dependencies = try await PackageGraph.resolvedDependencies(of: package)

        #expect(dependencies == PackageGraph.allowedDependencies(of: package), "\(package)")
    }

    /// Test doubles and the dev-server launcher never reach shipped code; features' tests need no local backend.
    @Test(arguments: PackageGraph.packageNames())
    func testSupportStaysInTests(package: String) async throws {
        for target in try await PackageGraph.targets(of: package) {
            if target.type != "test" {
                #expect(
                    target.dependencies.isDisjoint(with: ["HTTPClientTestSupport", "DevServerSupport"]),
                    "\(package): \(target.name)")
            }
            if package.hasSuffix("Feature") {
                #expect(!target.dependencies.contains("DevServerSupport"), "\(package): \(target.name)")
            }
        }
    }

    /// A library that imports a module of the repository declares it: an import that builds only because another
    /// target brought the module along breaks when that target changes. Tests may import what the module under test
    /// brings along (the abstraction), but never the transfer package undeclared.
    @Test(arguments: PackageGraph.packageNames())
    func everyTargetDeclaresThePackageModulesItImports(package: String) async throws {
        let modules = PackageGraph.repositoryModules()
        for target in try await PackageGraph.targets(of: package) {
            let checked = target.type == "test" ? ["HTTPTransfers"] : modules
            for (module, file) in PackageGraph.imports(of: target, in: package)
            where checked.contains(module) && module != target.name && !target.dependencies.contains(module) {
                Issue.record("\(package): \(target.name) imports \(module) in \(file) without declaring it")
            }
        }
    }

    /// The transfer workflows reach the feature that transfers files and the transports' tests, nothing else.
    @Test(arguments: PackageGraph.packageNames())
    func onlyTheFilesFeatureAndTransportTestsReachTheTransfers(package: String) async throws {
        guard package != "HTTPTransfers" else { return }
        for target in try await PackageGraph.targets(of: package) where target.dependencies.contains("HTTPTransfers") {
            let allowed =
                package == "FilesFeature" || (PackageGraph.transferUsers.contains(package) && target.type == "test")
            #expect(allowed, "\(package): \(target.name) depends on HTTPTransfers")
        }
    }

    /// Recorded-traffic replay is a Swift Testing trait: only a feature's test targets may depend on it.
    @Test(arguments: PackageGraph.packageNames())
    func onlyFeatureTestTargetsDependOnReplay(package: String) async throws {
        guard package != "HTTPReplay" else { return }
        for target in try await PackageGraph.targets(of: package) where target.dependencies.contains("HTTPReplay") {
            #expect(
                package.hasSuffix("Feature") && target.type == "test",
                "\(package): \(target.name) depends on HTTPReplay")
        }
    }

    @Test func tracingStandsWithoutOTLPExport() async throws {
        let targets = try await PackageGraph.targets(of: "HTTPTelemetry")
        let tracing = try #require(targets.first { $0.name == "HTTPTelemetry" })
        let export = try #require(targets.first { $0.name == "HTTPTelemetryOTLP" })

        #expect(!tracing.dependencies.contains("HTTPTelemetryOTLP"))
        #expect(export.dependencies.contains("HTTPTelemetry"))
    }

    @Test func theGraphCoversTheAbstractionTheInfrastructureTheLayersAndBothFeatures() {
        let names = Set(PackageGraph.packageNames())

        #expect(
            names.isSuperset(of: [
                "HTTPClient", "URLSessionInfrastructure", "CurlInfrastructure", "HTTPClientDecorators", "HTTPCaching",
                "HTTPArchive", "HTTPTelemetry", "HTTPTransfers", "HTTPReplay",
                "QuestionsFeature",
                "TokenFeature",
                "FilesFeature",
            ]))
    }
}

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

    @Test func theGraphCoversTheAbstractionTheInfrastructureTheLayersAndBothFeatures() {
        let names = Set(PackageGraph.packageNames())

        #expect(
            names.isSuperset(of: [
                "HTTPClient", "URLSessionInfrastructure", "CurlInfrastructure", "HTTPClientDecorators", "HTTPCaching",
                "HTTPArchive", "HTTPTelemetry",
                "QuestionsFeature",
                "TokenFeature",
                "FilesFeature",
            ]))
    }
}

import Foundation
import Testing

/// Asserts the resolved build graph of every package, as `swift package show-dependencies` reports it.
struct BuildGraphTests {
    @Test(arguments: PackageGraph.packageNames())
    func eachPackageResolvesOnlyToWhatItsRulesAllow(package: String) async throws {
        let dependencies = try await PackageGraph.resolvedDependencies(of: package)

        #expect(dependencies == PackageGraph.allowedDependencies(of: package), "\(package)")
    }

    @Test func theGraphCoversTheAbstractionTheInfrastructureTheLayersAndBothFeatures() {
        let names = Set(PackageGraph.packageNames())

        #expect(
            names.isSuperset(of: [
                "HTTPClient", "URLSessionInfrastructure", "HTTPClientDecorators", "HTTPCaching", "HTTPArchive",
                "QuestionsFeature",
                "TokenFeature",
            ]))
    }
}

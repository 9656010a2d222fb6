// swift-tools-version: 6.0
import PackageDescription

// Benchmarks and the soak test, run through Scripts/bench and Scripts/soak (release builds).
// The root package is named explicitly so the dependency does not hang on the checkout's directory name.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    dependencies: [
        .package(name: "Networking", path: "../../../.."),
        .package(path: "../../../../Packages/HTTPClient"),
        .package(path: "../../../../Packages/HTTPTransfers"),
        .package(path: "../../../../Packages/HTTPClientDecorators"),
        .package(path: "../../../../Packages/HTTPCaching"),
        .package(path: "../../../../Packages/HTTPArchive"),
        .package(path: "../../../../Packages/HTTPTelemetry"),
        .package(path: "../../../../Packages/URLSessionInfrastructure"),
        .package(path: "../../../../Packages/CurlInfrastructure"),
        .package(path: "../../../../Packages/FilesFeature"),
        .package(path: "../../../../Packages/QuestionsFeature"),
        .package(path: "../../../../Packages/TokenFeature"),
    ],
    targets: [
        .target(name: "MallocCounter"),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "NetworkingComposition", package: "Networking"),
            ]
        ),
        .executableTarget(
            name: "bench",
            dependencies: [
                "BenchmarkSupport", "MallocCounter", .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                .product(name: "FilesFeatureAPI", package: "FilesFeature"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
                // Part 12's cutting proxy.
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPTelemetry", package: "HTTPTelemetry"),
            ]
        ),
        .executableTarget(
            name: "soak",
            dependencies: [
                "BenchmarkSupport", .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        // Part 6 (start-up): Foundation alone, the floor the `networking` binary is compared with; and the same
        // work with FoundationNetworking linked in, with or without URLSessions made.
        .executableTarget(name: "startup-floor"),
        .executableTarget(
            name: "startup-session",
            dependencies: [.product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

// The composition root: the only package that sees every other one.
let package = Package(
    name: "Networking",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .executable(name: "networking", targets: ["networking"]),
        .library(name: "NetworkingApp", targets: ["NetworkingApp"]),
        .library(name: "NetworkingComposition", targets: ["NetworkingComposition"]),
        .library(name: "CommandLineKit", targets: ["CommandLineKit"]),
    ],
    dependencies: [
        .package(path: "Packages/HTTPClient"),
        .package(path: "Packages/HTTPTransfers"),
        .package(path: "Packages/URLSessionInfrastructure"),
        .package(path: "Packages/CurlInfrastructure"),
        .package(path: "Packages/HTTPClientDecorators"),
        .package(path: "Packages/HTTPCaching"),
        .package(path: "Packages/HTTPArchive"),
        .package(path: "Packages/HTTPTelemetry"),
        // For the ReplayRecordingTests target only: the Swift Testing trait that records the features' archives.
        .package(path: "Packages/HTTPReplay"),
        .package(path: "Packages/QuestionsFeature"),
        .package(path: "Packages/TokenFeature"),
        .package(path: "Packages/FilesFeature"),
    ],
    targets: [
        // The command line machinery: imports Foundation and the C library only, no package of this repository.
        .target(name: "CommandLineKit", path: "App/Sources/CommandLineKit"),
        // The composition root: builds the client chains and the features' closures; no command line in it.
        .target(
            name: "NetworkingComposition",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "HTTPTelemetry", package: "HTTPTelemetry"),
                .product(name: "HTTPTelemetryOTLP", package: "HTTPTelemetry"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeature", package: "TokenFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
                .product(name: "FilesFeature", package: "FilesFeature"),
                .product(name: "FilesFeatureAPI", package: "FilesFeature"),
            ],
            path: "App/Sources/NetworkingComposition"
        ),
        // The CLI: parses the command line, runs one command over the composition root, and prints.
        .target(
            name: "NetworkingApp",
            dependencies: [
                "CommandLineKit",
                "NetworkingComposition",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "HTTPTelemetry", package: "HTTPTelemetry"),
                .product(name: "HTTPTelemetryOTLP", package: "HTTPTelemetry"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeature", package: "TokenFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
                .product(name: "FilesFeature", package: "FilesFeature"),
                .product(name: "FilesFeatureAPI", package: "FilesFeature"),
            ],
            path: "App/Sources/NetworkingApp"
        ),
        .executableTarget(
            name: "networking", dependencies: ["CommandLineKit", "NetworkingApp"], path: "App/Sources/networking"),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"], path: "Tests/CommandLineKitTests"),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "CommandLineKit",
                "NetworkingApp",
                "NetworkingComposition",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "HTTPTelemetry", package: "HTTPTelemetry"),
                .product(name: "HTTPTelemetryOTLP", package: "HTTPTelemetry"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
                .product(name: "FilesFeature", package: "FilesFeature"),
                .product(name: "FilesFeatureAPI", package: "FilesFeature"),
            ],
            path: "Tests/AppTests"
        ),
        .testTarget(name: "BuildGraphTests", path: "Tests/BuildGraphTests"),
        // What the end-to-end and CLI tests share; not a product, so nothing shipped can reach it.
        .target(
            name: "EndToEndSupport",
            dependencies: [
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
            ],
            path: "Tests/EndToEndSupport"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "NetworkingApp",
                "NetworkingComposition",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "HTTPTelemetry", package: "HTTPTelemetry"),
                .product(name: "HTTPTelemetryOTLP", package: "HTTPTelemetry"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                "EndToEndSupport",
            ],
            path: "Tests/EndToEndTests"
        ),
        .testTarget(
            name: "TransportContractTests",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
            ],
            path: "Tests/TransportContractTests"
        ),
        // Records the features' replay archives against Scripts/dev-server (NETWORKING_REPLAY=record); plays
        // them back otherwise.
        .testTarget(
            name: "ReplayRecordingTests",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPReplay", package: "HTTPReplay"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
            ],
            path: "Tests/ReplayRecordingTests"
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                // The TLS tests read the HTTPS dev server's counters with a client that trusts its local CA.
                .product(name: "CurlInfrastructure", package: "CurlInfrastructure"),
                "EndToEndSupport",
            ],
            path: "Tests/CLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

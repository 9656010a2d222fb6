// swift-tools-version: 6.0
import PackageDescription

// The composition root: the only package that sees every other one.
let package = Package(
    name: "Networking",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .executable(name: "networking", targets: ["networking"]),
        .library(name: "NetworkingApp", targets: ["NetworkingApp"]),
    ],
    dependencies: [
        .package(path: "Packages/HTTPClient"),
        .package(path: "Packages/URLSessionInfrastructure"),
        .package(path: "Packages/HTTPClientDecorators"),
        .package(path: "Packages/HTTPCaching"),
        .package(path: "Packages/HTTPArchive"),
        .package(path: "Packages/QuestionsFeature"),
        .package(path: "Packages/TokenFeature"),
    ],
    targets: [
        .target(
            name: "NetworkingApp",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeature", package: "TokenFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
            ],
            path: "App/Sources/NetworkingApp"
        ),
        .executableTarget(name: "networking", dependencies: ["NetworkingApp"], path: "App/Sources/networking"),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "NetworkingApp",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
                .product(name: "QuestionsFeatureAPI", package: "QuestionsFeature"),
                .product(name: "TokenFeatureAPI", package: "TokenFeature"),
            ],
            path: "Tests/AppTests"
        ),
        .testTarget(name: "BuildGraphTests", path: "Tests/BuildGraphTests"),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "NetworkingApp",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPClientDecorators", package: "HTTPClientDecorators"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "QuestionsFeature", package: "QuestionsFeature"),
            ],
            path: "Tests/EndToEndTests"
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
            ],
            path: "Tests/CLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

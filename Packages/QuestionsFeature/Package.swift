// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "QuestionsFeature",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "QuestionsFeature", targets: ["QuestionsFeature"]),
        .library(name: "QuestionsFeatureAPI", targets: ["QuestionsFeatureAPI"]),
        .executable(name: "QuestionsPreview", targets: ["QuestionsPreview"]),
    ],
    dependencies: [
        .package(path: "../HTTPClient"),
        // For the tests only: recorded answers of the dev server, played back by a Swift Testing trait.
        .package(path: "../HTTPReplay"),
    ],
    targets: [
        .target(name: "QuestionsFeature"),
        .target(
            name: "QuestionsFeatureAPI",
            dependencies: ["QuestionsFeature", .product(name: "HTTPClient", package: "HTTPClient")]
        ),
        .executableTarget(name: "QuestionsPreview", dependencies: ["QuestionsFeature"]),
        .testTarget(
            name: "QuestionsFeatureTests",
            dependencies: ["QuestionsFeature", .product(name: "HTTPClientTestSupport", package: "HTTPClient")]
        ),
        .testTarget(
            name: "QuestionsFeatureAPITests",
            dependencies: [
                "QuestionsFeature", "QuestionsFeatureAPI",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPReplay", package: "HTTPReplay"),
            ],
            exclude: ["Archives"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

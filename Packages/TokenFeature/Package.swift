// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TokenFeature",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "TokenFeature", targets: ["TokenFeature"]),
        .library(name: "TokenFeatureAPI", targets: ["TokenFeatureAPI"]),
        .executable(name: "TokenPreview", targets: ["TokenPreview"]),
    ],
    dependencies: [
        .package(path: "../HTTPClient"),
        // For the tests only: recorded answers of the dev server, played back by a Swift Testing trait.
        .package(path: "../HTTPReplay"),
    ],
    targets: [
        .target(name: "TokenFeature"),
        .target(
            name: "TokenFeatureAPI",
            dependencies: ["TokenFeature", .product(name: "HTTPClient", package: "HTTPClient")]
        ),
        .executableTarget(name: "TokenPreview", dependencies: ["TokenFeature"]),
        .testTarget(
            name: "TokenFeatureTests",
            dependencies: ["TokenFeature", .product(name: "HTTPClientTestSupport", package: "HTTPClient")]
        ),
        .testTarget(
            name: "TokenFeatureAPITests",
            dependencies: [
                "TokenFeature", "TokenFeatureAPI",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPReplay", package: "HTTPReplay"),
            ],
            exclude: ["Archives"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

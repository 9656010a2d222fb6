// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPReplay",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPReplay", targets: ["HTTPReplay"])],
    dependencies: [.package(path: "../HTTPClient"), .package(path: "../HTTPArchive")],
    targets: [
        // A Swift Testing trait: for test targets only, never shipped code.
        .target(
            name: "HTTPReplay",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPArchive", package: "HTTPArchive"),
            ]
        ),
        .testTarget(
            name: "HTTPReplayTests",
            dependencies: [
                "HTTPReplay", .product(name: "HTTPArchive", package: "HTTPArchive"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
            ],
            exclude: ["Archives"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

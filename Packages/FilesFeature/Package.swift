// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FilesFeature",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "FilesFeature", targets: ["FilesFeature"]),
        .library(name: "FilesFeatureAPI", targets: ["FilesFeatureAPI"]),
        .executable(name: "FilesPreview", targets: ["FilesPreview"]),
    ],
    dependencies: [.package(path: "../HTTPClient"), .package(path: "../HTTPTransfers")],
    targets: [
        .target(name: "FilesFeature"),
        .target(
            name: "FilesFeatureAPI",
            dependencies: [
                "FilesFeature",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
            ]
        ),
        .executableTarget(name: "FilesPreview", dependencies: ["FilesFeature"]),
        .testTarget(
            name: "FilesFeatureTests",
            dependencies: ["FilesFeature", .product(name: "HTTPClientTestSupport", package: "HTTPClient")]
        ),
        .testTarget(
            name: "FilesFeatureAPITests",
            dependencies: [
                "FilesFeature", "FilesFeatureAPI",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

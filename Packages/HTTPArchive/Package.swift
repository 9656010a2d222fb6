// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPArchive",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPArchive", targets: ["HTTPArchive"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPArchive",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPArchiveTests",
            dependencies: ["HTTPArchive", .product(name: "HTTPClientTestSupport", package: "HTTPClient")],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

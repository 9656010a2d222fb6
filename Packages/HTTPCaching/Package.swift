// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPCaching",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPCaching", targets: ["HTTPCaching"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPCaching",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        // Writes and reads one disk cache directory from another process, for the multi-process tests.
        .executableTarget(name: "disk-cache-stress", dependencies: ["HTTPCaching"]),
        .testTarget(
            name: "HTTPCachingTests",
            dependencies: [
                "HTTPCaching", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

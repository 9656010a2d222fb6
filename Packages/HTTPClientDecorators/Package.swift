// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPClientDecorators",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPClientDecorators", targets: ["HTTPClientDecorators"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPClientDecorators",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPClientDecoratorsTests",
            dependencies: [
                "HTTPClientDecorators", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

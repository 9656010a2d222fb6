// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPTelemetry",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPTelemetry", targets: ["HTTPTelemetry"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPTelemetry",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPTelemetryTests",
            dependencies: [
                "HTTPTelemetry", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

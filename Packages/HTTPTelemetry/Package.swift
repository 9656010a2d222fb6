// swift-tools-version: 6.0
import PackageDescription

// Tracing (ids, trace context, spans, the tracing decorators, the collector and its histogram) in one module;
// OTLP encoding, the OTLP exporters and the `OTEL_*` configuration in another, as OpenTelemetry splits its API
// and SDK from its exporters.
let package = Package(
    name: "HTTPTelemetry",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "HTTPTelemetry", targets: ["HTTPTelemetry"]),
        .library(name: "HTTPTelemetryOTLP", targets: ["HTTPTelemetryOTLP"]),
    ],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPTelemetry",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .target(
            name: "HTTPTelemetryOTLP",
            dependencies: [
                "HTTPTelemetry",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPTelemetryTests",
            dependencies: [
                "HTTPTelemetry", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPTelemetryOTLPTests",
            dependencies: [
                "HTTPTelemetry", "HTTPTelemetryOTLP", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

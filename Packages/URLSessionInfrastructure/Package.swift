// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "URLSessionInfrastructure",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "URLSessionInfrastructure", targets: ["URLSessionInfrastructure"])],
    dependencies: [.package(path: "../HTTPClient"), .package(path: "../HTTPTransfers")],
    targets: [
        .target(
            name: "URLSessionInfrastructure",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "URLSessionInfrastructureTests",
            dependencies: [
                "URLSessionInfrastructure", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                // openssl-made certificates for the SubjectPublicKeyInfo tests.
                .product(name: "DevServerSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "URLSessionInfrastructureEndToEndTests",
            dependencies: [
                "URLSessionInfrastructure", .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                // Multipart bodies for the uploads of the end-to-end tests; the transport itself never imports it.
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

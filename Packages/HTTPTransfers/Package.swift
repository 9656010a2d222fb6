// swift-tools-version: 6.0
import PackageDescription

// Workflows built on the abstraction: downloads that resume, digests, multipart forms and resumable uploads.
// Only the packages that transfer files import it; a change here recompiles none of the others.
let package = Package(
    name: "HTTPTransfers",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [.library(name: "HTTPTransfers", targets: ["HTTPTransfers"])],
    dependencies: [.package(path: "../HTTPClient")],
    targets: [
        .target(
            name: "HTTPTransfers",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "HTTPTransfersTests",
            dependencies: [
                "HTTPTransfers",
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "HTTPClientTestSupport", targets: ["HTTPClientTestSupport"]),
        .library(name: "DevServerSupport", targets: ["DevServerSupport"]),
    ],
    targets: [
        .target(name: "HTTPClient"),
        .target(name: "HTTPClientTestSupport", dependencies: ["HTTPClient"]),
        // The dev-server launcher and admin client, ports and child processes: for end-to-end tests and tools.
        .target(name: "DevServerSupport", dependencies: ["HTTPClient"]),
        .testTarget(
            name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPClientTestSupport", "DevServerSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

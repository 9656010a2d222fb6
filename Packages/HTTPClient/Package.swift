// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPClient",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "HTTPClientSupport", targets: ["HTTPClientSupport"]),
        .library(name: "HTTPClientTestSupport", targets: ["HTTPClientTestSupport"]),
        .library(name: "DevServerSupport", targets: ["DevServerSupport"]),
    ],
    targets: [
        .target(name: "HTTPClient"),
        // Tools for decorator and transport authors (locks, URL building, redirect rules, dates); features never
        // import it.
        .target(name: "HTTPClientSupport", dependencies: ["HTTPClient"]),
        .target(name: "HTTPClientTestSupport", dependencies: ["HTTPClient", "HTTPClientSupport"]),
        // The dev-server launcher and admin client, ports and child processes: for end-to-end tests and tools.
        .target(name: "DevServerSupport", dependencies: ["HTTPClient", "HTTPClientSupport"]),
        .testTarget(
            name: "HTTPClientTests",
            dependencies: ["HTTPClient", "HTTPClientSupport", "HTTPClientTestSupport", "DevServerSupport"]),
        .testTarget(
            name: "HTTPClientSupportTests", dependencies: ["HTTPClient", "HTTPClientSupport", "HTTPClientTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

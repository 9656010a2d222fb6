// swift-tools-version: 6.0
import PackageDescription

// The loopback proxy that puts CachingHTTPClient in front of the http-tests/cache-tests server; run by
// Scripts/cache-tests (release build). The library is a minimal HTTP/1.1 server over any HTTPClient.
let package = Package(
    name: "CacheTestsProxy",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "LoopbackProxy", targets: ["LoopbackProxy"]),
        .executable(name: "cache-tests-proxy", targets: ["cache-tests-proxy"]),
    ],
    dependencies: [
        .package(path: "../../../../Packages/HTTPClient"),
        .package(path: "../../../../Packages/HTTPCaching"),
        .package(path: "../../../../Packages/URLSessionInfrastructure"),
    ],
    targets: [
        .target(
            name: "LoopbackProxy",
            dependencies: [
                .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .executableTarget(
            name: "cache-tests-proxy",
            dependencies: [
                "LoopbackProxy", .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
            ]
        ),
        .testTarget(
            name: "LoopbackProxyTests",
            dependencies: [
                "LoopbackProxy", .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                .product(name: "HTTPCaching", package: "HTTPCaching"),
                .product(name: "URLSessionInfrastructure", package: "URLSessionInfrastructure"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CurlInfrastructure",
    platforms: [.macOS(.v15)],
    products: [.library(name: "CurlInfrastructure", targets: ["CurlInfrastructure"])],
    dependencies: [.package(path: "../HTTPClient"), .package(path: "../HTTPTransfers")],
    targets: [
        // libcurl, found with pkg-config; `Scripts/bootstrap` installs its headers on Debian.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // zlib, found with pkg-config, decodes streamed bodies; `Scripts/bootstrap` installs its headers on Debian.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "CurlInfrastructure",
            dependencies: [
                "CCurl", "CZlib", .product(name: "HTTPClient", package: "HTTPClient"),
                .product(name: "HTTPClientSupport", package: "HTTPClient"),
            ]
        ),
        .testTarget(
            name: "CurlInfrastructureTests",
            dependencies: [
                "CurlInfrastructure", "CZlib", .product(name: "HTTPClientSupport", package: "HTTPClient"),
                .product(name: "HTTPClientTestSupport", package: "HTTPClient"),
                .product(name: "DevServerSupport", package: "HTTPClient"),
                // Multipart bodies for the uploads of the end-to-end tests; the transport itself never imports it.
                .product(name: "HTTPTransfers", package: "HTTPTransfers"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

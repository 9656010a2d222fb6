import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// `files upload` through a plain TCP forwarding proxy on another loopback port, as behind a reverse proxy or a
/// port mapping: the dev server names upload URLs by the `Host` the client sent, so follow-up requests go
/// through the proxy too, and a cut upload resumes there. Two minutes each, as the other suites that cut uploads:
/// over URLSession on Linux, the cut append ends only at FoundationNetworking's 30-second request timeout.
@Suite(.timeLimit(.minutes(2)))
struct ResumableUploadProxyCLITests {
    @Test(arguments: ["draft", "tus"])
    func aCutUploadResumesThroughAForwardingProxy(uploadProtocol: String) async throws {
        let local = try TemporaryDirectory()
        let content = Data((0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = try local.file("big.bin", contents: content)
        try await withDevServer { server in
            let proxy = try CuttingProxy(upstreamPort: server.port)
            let admin = try DevServerAdmin(server)
            try await admin.post("uploads-cut", json: #"{"after_bytes": 300000}"#)
            let environment = server.environment([
                "NETWORKING_FILES_URL": try proxy.baseURL.absoluteString,
                "NETWORKING_CACHE_DIR": local.file("cache").path,
            ])

            let outcome = try await NetworkingBinary.run(
                ["files", "upload", file.path, "--protocol", uploadProtocol], environment: environment)

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try await admin.count("uploads.cut") == 1)
            #expect(try await admin.count("uploads.completed") == 1)
            #expect(try await admin.count("uploads.bytes") == content.count, "no byte staged twice")
            #expect(proxy.acceptedConnections >= 2, "the resumed append went through the proxy")
        }
    }
}

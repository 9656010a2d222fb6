import Foundation
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import CurlInfrastructure

@Suite("CurlTLSSettings: TLSOptions as libcurl's option values")
struct CurlTLSSettingsTests {
    @Test("standard options set nothing")
    func standard() throws {
        #expect(try CurlTLSSettings(TLSOptions()) == .standard)
    }

    @Test("only these CAs sets CAINFO and clears CAPATH, so libcurl's default folder no longer counts")
    func onlyFile() throws {
        let file = URL(fileURLWithPath: "/tmp/only.pem")

        let settings = try CurlTLSSettings(TLSOptions(trust: .only(.init(file: file))))

        #expect(settings.caFile == .path(file.path))
        #expect(settings.caFolder == .cleared)
        #expect(settings.caBundle == nil)
    }

    @Test("only a CA folder sets CAPATH and clears CAINFO")
    func onlyFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/cas")

        let settings = try CurlTLSSettings(TLSOptions(trust: .only(.init(folder: folder))))

        #expect(settings.caFile == .cleared)
        #expect(settings.caFolder == .path(folder.path))
    }

    @Test("a CA file added to the system's becomes one bundle: the system's, then the file")
    func systemAndFile() throws {
        let folder = try TemporaryDirectory(prefix: "tls-settings")
        let system = try folder.file("system.pem", contents: Data("SYSTEM".utf8))
        let added = try folder.file("added.pem", contents: Data("ADDED".utf8))

        let settings = try CurlTLSSettings(TLSOptions(trust: .systemAnd(.init(file: added))), systemBundle: system)

        #expect(settings.caBundle == Data("SYSTEM\nADDED".utf8))
        #expect(settings.caFile == .libcurlDefault)
        #expect(settings.caFolder == .libcurlDefault)
    }

    @Test("a CA folder added to the system's sets CAPATH and keeps libcurl's bundle")
    func systemAndFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/cas")

        let settings = try CurlTLSSettings(TLSOptions(trust: .systemAnd(.init(folder: folder))))

        #expect(settings.caFile == .libcurlDefault)
        #expect(settings.caBundle == nil)
        #expect(settings.caFolder == .path(folder.path))
    }

    @Test("a CA file to add that cannot be read is refused, naming it")
    func unreadableFile() {
        let missing = URL(fileURLWithPath: "/nonexistent/ca.pem")

        let error = #expect(throws: TLSOptionsError.self) {
            try CurlTLSSettings(TLSOptions(trust: .systemAnd(.init(file: missing))), systemBundle: nil)
        }

        guard case .unreadableFile(let path, _) = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(path == missing.path)
    }

    @Test("pins join with ';', the identity is kept and the minimum version is libcurl's constant")
    func pinsIdentityVersion() throws {
        let pins = try TLSOptions.PublicKeyPin.list(
            parsing: "sha256//" + Data(repeating: 1, count: 32).base64EncodedString() + ";sha256//"
                + Data(repeating: 2, count: 32).base64EncodedString())
        let identity = TLSOptions.ClientIdentity(
            certificate: URL(fileURLWithPath: "/tmp/c.pem"), privateKey: URL(fileURLWithPath: "/tmp/k.pem"))

        let settings = try CurlTLSSettings(
            TLSOptions(pinnedKeys: pins, clientIdentity: identity, minimumVersion: .tls13))

        #expect(settings.pinnedPublicKey == pins.map(\.description).joined(separator: ";"))
        #expect(settings.clientIdentity == identity)
        #expect(settings.minimumVersion == 7)  // CURL_SSLVERSION_TLSv1_3
        #expect(try CurlTLSSettings(TLSOptions(minimumVersion: .tls12)).minimumVersion == 6)
    }
}

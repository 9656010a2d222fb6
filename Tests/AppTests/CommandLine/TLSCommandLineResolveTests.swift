import Foundation
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp

/// curl's CA variables as the command line reads them: one naming the system's own store asks for the default
/// trust, which every transport honours; one naming other authorities trusts only those.
struct TLSCommandLineResolveTests {
    @Test(arguments: [
        ["CURL_CA_BUNDLE": "/etc/ssl/certs/ca-certificates.crt"],
        ["SSL_CERT_FILE": "/etc/ssl/certs/ca-certificates.crt", "SSL_CERT_DIR": "/etc/ssl/certs"],
        ["SSL_CERT_FILE": "/etc/pki/tls/certs/ca-bundle.crt"],
        ["CURL_CA_BUNDLE": ""],
    ])
    func variablesNamingTheSystemStoreAskForTheDefaultTrust(environment: [String: String]) throws {
        let options = try TLSCommandLine().resolve(environment: environment)

        #expect(options == TLSOptions())
    }

    @Test func aBundleOfOtherAuthoritiesIsTheOnlyTrust() throws {
        let folder = try TemporaryDirectory()
        let bundle = try folder.file("ca.pem", contents: Data("not checked here".utf8))

        let options = try TLSCommandLine().resolve(environment: ["CURL_CA_BUNDLE": bundle.path])

        #expect(options.trust == .only(try TLSOptions.CertificateAuthorities(file: bundle, folder: nil)))
    }

    @Test func curlsBundleVariableWinsOverTheOthersEvenWhenItNamesTheSystemStore() throws {
        let folder = try TemporaryDirectory()
        let bundle = try folder.file("ca.pem", contents: Data("not checked here".utf8))

        let options = try TLSCommandLine().resolve(environment: [
            "CURL_CA_BUNDLE": "/etc/ssl/certs/ca-certificates.crt", "SSL_CERT_FILE": bundle.path,
        ])

        #expect(options.trust == .system)
    }
}

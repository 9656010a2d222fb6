import CommandLineKit
import Foundation
import HTTPClientSupport

/// The TLS options of the command line, as curl spells them, before the environment and the files are checked
/// (see ``TLSCommandLine/resolve(environment:)``).
struct TLSCommandLine: Equatable, Sendable {
    /// `--cacert FILE`: trust only the certificate authorities in FILE (and `--capath`'s).
    var caFile: String?
    /// `--capath DIR`: trust the hashed certificate authorities in DIR.
    var caFolder: String?
    /// `--cert FILE`: the client certificate (PEM), with its key unless `--key` names one.
    var certificate: String?
    /// `--key FILE`: the client certificate's private key (PEM).
    var key: String?
    /// `--pass PHRASE`: the private key's password.
    var password: String?
    /// `--pinnedpubkey sha256//…[;sha256//…]`: the server keys accepted.
    var pins: [TLSOptions.PublicKeyPin]?
    /// `--tlsv1.2` or `--tlsv1.3`: the oldest version allowed; the newer wins when both are given.
    var minimumVersion: TLSVersion?

    /// The TLS options every command takes.
    static let options: [Option<Invocation>] = [
        Option(
            "--cacert", "FILE",
            help: "trust only the certificate authorities in the PEM file FILE (default: the\n"
                + "system's; CURL_CA_BUNDLE, else SSL_CERT_FILE, as curl reads them)",
            \.tls.caFile, .file(needs: "a PEM file of certificate authorities")),
        Option(
            "--capath", "DIR",
            help: "also trust the hashed certificate authorities in DIR (SSL_CERT_DIR;\n"
                + "with --cacert, only those two)",
            \.tls.caFolder, .file(needs: "a folder of certificate authorities")),
        Option(
            "--cert", "FILE", help: "present the client certificate in the PEM file FILE (mutual TLS)",
            \.tls.certificate, .file(needs: "a PEM client certificate")),
        Option(
            "--key", "FILE", help: "the PEM private key of --cert (default: the --cert file); others must\nnot read it",
            \.tls.key, .file(needs: "a PEM private key")),
        Option("--pass", "PHRASE", help: "the password of an encrypted --key", \.tls.password, .text),
        Option(
            "--pinnedpubkey", "HASHES",
            help: "accept only servers whose public key has one of these SHA-256 pins:\n"
                + "sha256//BASE64[;sha256//BASE64]; checked before any request is sent",
            \.tls.pins, pins),
        .flag("--tlsv1.2", help: "use TLS 1.2 or newer") { target, _ in target.tls.require(.tls12) },
        .flag("--tlsv1.3", help: "use TLS 1.3 or newer") { target, _ in target.tls.require(.tls13) },
    ]

    /// curl's pin list, each pin checked.
    private static let pins = ValueParser<[TLSOptions.PublicKeyPin]> { text, context throws(UsageError) in
        do throws(TLSOptionsError) {
            return try TLSOptions.PublicKeyPin.list(parsing: text)
        } catch {
            throw context.error("\(context.option): \(error.description)")
        }
    }

    /// Sets the minimum version to `version`, unless a newer one is already required.
    mutating func require(_ version: TLSVersion) {
        if minimumVersion != .tls13 { minimumVersion = version }
    }
}

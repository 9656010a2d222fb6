import CommandLineKit
import Foundation
import HTTPClientSupport

extension TLSCommandLine {
    /// The `TLSOptions` these options and `environment` ask for, once every file they name is readable.
    ///
    /// Without `--cacert` and `--capath`, curl's variables apply as curl reads them: `CURL_CA_BUNDLE`, else
    /// `SSL_CERT_DIR` and `SSL_CERT_FILE` (an empty one counts as unset, and one naming the system's own store,
    /// ``SystemCertificateAuthorities``, asks for the default trust). A CA file trusts only its authorities
    /// (and the folder's, when there is one), as curl's `--cacert` does; a folder alone is added to the
    /// system's, as `--capath` is.
    /// - Throws: `UsageError` naming a file or folder that is missing or unreadable, or a private key that others
    ///   may read (as ssh refuses one).
    func resolve(environment: [String: String]) throws(UsageError) -> TLSOptions {
        var caFile = caFile.map { ($0, "--cacert") }
        var caFolder = caFolder.map { ($0, "--capath") }
        func variable(_ name: String, folder: Bool) -> (String, String)? {
            guard let path = environment[name], !path.isEmpty,
                !SystemCertificateAuthorities.contains(path, folder: folder)
            else { return nil }
            return (path, name)
        }
        if caFile == nil, caFolder == nil {
            if let bundle = environment["CURL_CA_BUNDLE"], !bundle.isEmpty {
                caFile = variable("CURL_CA_BUNDLE", folder: false)
            } else {
                caFolder = variable("SSL_CERT_DIR", folder: true)
                caFile = variable("SSL_CERT_FILE", folder: false)
            }
        }
        var options = TLSOptions(pinnedKeys: pins ?? [], minimumVersion: minimumVersion)
        let file = try caFile.map { path, source throws(UsageError) in try Self.readable(path, source, folder: false) }
        let folder = try caFolder.map { path, source throws(UsageError) in
            try Self.readable(path, source, folder: true)
        }
        if file != nil || folder != nil {
            do throws(TLSOptionsError) {
                let authorities = try TLSOptions.CertificateAuthorities(file: file, folder: folder)
                options.trust = file == nil ? .systemAnd(authorities) : .only(authorities)
            } catch {
                throw UsageError(description: error.description, command: nil)
            }
        }
        if let certificate {
            let keyPath = key ?? certificate
            options.clientIdentity = TLSOptions.ClientIdentity(
                certificate: try Self.readable(certificate, "--cert", folder: false),
                privateKey: try Self.privateKey(keyPath, source: key == nil ? "--cert" : "--key"),
                password: password)
        } else if key != nil {
            throw UsageError(description: "--key needs --cert, the certificate it belongs to", command: nil)
        }
        return options
    }

    /// `path` as a URL once it is a readable file (or, with `folder`, a readable folder).
    private static func readable(_ path: String, _ source: String, folder: Bool) throws(UsageError) -> URL {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let what = folder ? "folder" : "file"
        guard exists else {
            throw UsageError(description: "\(source): the \(what) \(path) does not exist", command: nil)
        }
        guard isFolder.boolValue == folder else {
            throw UsageError(description: "\(source): \(path) is not a \(what)", command: nil)
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw UsageError(description: "\(source): the \(what) \(path) cannot be read", command: nil)
        }
        return URL(fileURLWithPath: path, isDirectory: folder)
    }

    /// The private key at `path`, readable, and readable by its owner alone.
    private static func privateKey(_ path: String, source: String) throws(UsageError) -> URL {
        let url = try readable(path, source, folder: false)
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        guard permissions & 0o077 == 0 else {
            throw UsageError(
                description: "\(source): the private key \(path) is readable by others (permissions "
                    + "\(String(permissions, radix: 8))); a private key must be readable by its owner alone: run "
                    + "chmod 600 \(path)",
                command: nil)
        }
        return url
    }
}

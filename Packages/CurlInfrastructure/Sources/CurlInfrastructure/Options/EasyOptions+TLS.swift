import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

extension EasyOptions {
    /// Sets the hop's TLS options: trust, pins, client identity and minimum version for the origin, and trust
    /// and minimum version for `proxy` when it speaks TLS (`https`); pins and the client identity are the
    /// origin's alone, never checked against or presented to a proxy.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` naming the option libcurl refused.
    func secure(with tls: CurlTLSSettings, proxy: HTTPProxy.Endpoint?) throws(HTTPTransportError) {
        try trust(
            tls, file: (CURLOPT_CAINFO, "CAINFO"), bundle: (CURLOPT_CAINFO_BLOB, "CAINFO_BLOB"),
            folder: (CURLOPT_CAPATH, "CAPATH"))
        if let version = tls.minimumVersion {
            try check(ccurl_easy_setopt_long(easy, CURLOPT_SSLVERSION, version), "SSLVERSION")
        }
        if let pins = tls.pinnedPublicKey {
            try check(ccurl_easy_setopt_string(easy, CURLOPT_PINNEDPUBLICKEY, pins), "PINNEDPUBLICKEY")
        }
        if let identity = tls.clientIdentity {
            try check(ccurl_easy_setopt_string(easy, CURLOPT_SSLCERT, identity.certificate.path), "SSLCERT")
            try check(ccurl_easy_setopt_string(easy, CURLOPT_SSLCERTTYPE, "PEM"), "SSLCERTTYPE")
            try check(ccurl_easy_setopt_string(easy, CURLOPT_SSLKEY, identity.privateKey.path), "SSLKEY")
            try check(ccurl_easy_setopt_string(easy, CURLOPT_SSLKEYTYPE, "PEM"), "SSLKEYTYPE")
            if let password = identity.password {
                try check(ccurl_easy_setopt_string(easy, CURLOPT_KEYPASSWD, password), "KEYPASSWD")
            }
        }
        guard proxy?.url.scheme?.lowercased() == "https" else { return }
        try trust(
            tls, file: (CURLOPT_PROXY_CAINFO, "PROXY_CAINFO"),
            bundle: (CURLOPT_PROXY_CAINFO_BLOB, "PROXY_CAINFO_BLOB"), folder: (CURLOPT_PROXY_CAPATH, "PROXY_CAPATH"))
        if let version = tls.minimumVersion {
            try check(ccurl_easy_setopt_long(easy, CURLOPT_PROXY_SSLVERSION, version), "PROXY_SSLVERSION")
        }
    }

    /// Sets the certificate authority options `file`, `bundle` and `folder` (each with its name for errors).
    private func trust(
        _ tls: CurlTLSSettings, file: (CURLoption, String), bundle: (CURLoption, String), folder: (CURLoption, String)
    ) throws(HTTPTransportError) {
        try set(tls.caFile, file)
        if let caBundle = tls.caBundle {
            let code = caBundle.withUnsafeBytes { ccurl_easy_set_blob(easy, bundle.0, $0.baseAddress, $0.count) }
            try check(code, bundle.1)
        }
        try set(tls.caFolder, folder)
    }

    private func set(_ location: CurlTLSSettings.Location, _ option: (CURLoption, String)) throws(HTTPTransportError) {
        switch location {
        case .libcurlDefault: return
        case .cleared: try check(ccurl_easy_setopt_string(easy, option.0, nil), option.1)
        case .path(let path): try check(ccurl_easy_setopt_string(easy, option.0, path), option.1)
        }
    }
}

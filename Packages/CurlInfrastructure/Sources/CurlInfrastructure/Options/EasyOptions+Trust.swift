import CCurl
import Foundation
import HTTPClient

extension EasyOptions {
    /// Trusts the certificate authorities in the PEM file `certificateAuthorities` instead of the system's;
    /// `nil` leaves libcurl's default.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses the option.
    func trust(_ certificateAuthorities: URL?) throws(HTTPTransportError) {
        guard let certificateAuthorities else { return }
        let code = ccurl_easy_set_certificate_authorities(easy, certificateAuthorities.path)
        guard code != CURLE_OK else { return }
        let text = String(cString: curl_easy_strerror(code))
        throw .other(underlying: CurlError(code, "CURLOPT_CAINFO refused: \(text)"))
    }
}

import CCurl
import Foundation
import HTTPClient

extension EasyOptions {
    /// Keeps a CONNECT proxy's own response head (`HTTP/1.1 200 Connection established`) away from the
    /// header callback, so the head parser reads only the origin's.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses the option.
    func suppressConnectHeaders() throws(HTTPTransportError) {
        try check(ccurl_easy_suppress_connect_headers(easy), "SUPPRESS_CONNECT_HEADERS")
    }

}

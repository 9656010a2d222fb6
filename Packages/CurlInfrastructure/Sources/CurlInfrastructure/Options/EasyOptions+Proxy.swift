import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

extension EasyOptions {
    /// Keeps a CONNECT proxy's own response head (`HTTP/1.1 200 Connection established`) away from the
    /// header callback, so the head parser reads only the origin's.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses the option.
    func suppressConnectHeaders() throws(HTTPTransportError) {
        try check(ccurl_easy_suppress_connect_headers(easy), "SUPPRESS_CONNECT_HEADERS")
    }

    /// Sends the hop to `url` through the proxy `routes` name for it, or directly; the environment's proxy
    /// variables never apply, since `routes` already holds what they say.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses an option.
    func route(_ url: URL, through routes: HTTPProxy.Routes) throws(HTTPTransportError) {
        let proxy = routes.proxy(for: url)
        try check(ccurl_easy_set_proxy(easy, proxy?.url.absoluteString ?? ""), "PROXY")
        try check(ccurl_easy_set_no_proxy(easy, ""), "NOPROXY")
        if let user = proxy?.user {
            try check(ccurl_easy_set_proxy_user_name(easy, user), "PROXYUSERNAME")
        }
        if let password = proxy?.password {
            try check(ccurl_easy_set_proxy_password(easy, password), "PROXYPASSWORD")
        }
    }
}

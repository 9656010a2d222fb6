import CCurl
import Foundation
import HTTPClient

extension EasyOptions {
    /// Applies the pool's connection settings and joins the pool's share handle, whose DNS and TLS session
    /// caches every transfer of the pool uses.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` naming the option libcurl refused.
    func connect(using settings: CurlConnectionPool.Settings, share: CurlShare) throws(HTTPTransportError) {
        try check(ccurl_easy_set_share(easy, share.handle), "SHARE")
        if let milliseconds = settings.connectTimeoutMilliseconds {
            try check(ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds), "CONNECTTIMEOUT_MS")
        }
        guard let keepAlive = settings.keepAlive else { return }
        try check(ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1), "TCP_KEEPALIVE")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPIDLE, keepAlive.idleSeconds), "TCP_KEEPIDLE")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPINTVL, keepAlive.intervalSeconds), "TCP_KEEPINTVL")
    }
}

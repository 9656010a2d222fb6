import CCurl
import HTTPClient

/// The loop thread's share handle: the DNS cache and TLS session cache of every easy handle in the pool.
///
/// libcurl keeps TLS sessions per easy handle unless a share handle holds them, and each hop gets a new easy
/// handle, so without it no connection would resume a session. Only the loop thread uses the handle, so it
/// needs no lock callbacks; it is cleaned up after the last easy handle that used it.
final class CurlShare {
    let handle: UnsafeMutableRawPointer

    /// A share handle holding DNS and TLS sessions; `nil` when libcurl cannot make one.
    init?() {
        guard let handle = curl_share_init() else { return nil }
        self.handle = handle
        guard ccurl_share_share(handle, CURL_LOCK_DATA_DNS) == CURLSHE_OK,
            ccurl_share_share(handle, CURL_LOCK_DATA_SSL_SESSION) == CURLSHE_OK
        else {
            curl_share_cleanup(handle)
            return nil
        }
    }

    deinit {
        curl_share_cleanup(handle)
    }
}

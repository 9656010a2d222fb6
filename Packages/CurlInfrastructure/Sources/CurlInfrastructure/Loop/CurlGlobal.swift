import CCurl

/// libcurl's process-wide set-up (`curl_global_init`, which also initialises OpenSSL), run once per process.
///
/// It runs on the thread that creates the first ``CurlClient``, before that client's loop thread starts, so no
/// thread is inside `curl_global_init` while the process may already be exiting. libcurl counts its set-ups, so
/// FoundationNetworking's own call (for `URLSession`) can come before or after this one. The set-up is never
/// undone: a `curl_global_cleanup` while another library's transfers run would pull OpenSSL from under them.
enum CurlGlobal {
    private static let failure: CurlError? = {
        let code = curl_global_init(Int(CURL_GLOBAL_ALL))
        guard code != CURLE_OK else { return nil }
        let reason = String(cString: curl_easy_strerror(code))
        return CurlError(code, "libcurl could not be initialised: curl_global_init failed: \(reason)")
    }()

    /// Sets libcurl up unless it already is.
    /// - Returns: `nil`, or libcurl's error when the set-up failed (every call gives the same answer).
    static func initialize() -> CurlError? { failure }
}

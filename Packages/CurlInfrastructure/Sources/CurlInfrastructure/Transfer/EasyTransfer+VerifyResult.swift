import CCurl

extension EasyTransfer {
    /// OpenSSL's verification result for the hop's certificate check (`CURLINFO_SSL_VERIFYRESULT`), or the
    /// proxy's (`CURLINFO_PROXY_SSL_VERIFYRESULT`) when only that one failed; 0 when both passed or the hop
    /// never got an easy handle.
    var verifyResult: Int {
        guard let easy else { return 0 }
        for info in [CURLINFO_SSL_VERIFYRESULT, CURLINFO_PROXY_SSL_VERIFYRESULT] {
            var result = 0
            if ccurl_easy_getinfo_long(easy, info, &result) == CURLE_OK, result != 0 { return result }
        }
        return 0
    }
}

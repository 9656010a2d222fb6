import CCurl

// libcurl's seek callback, on the loop thread inside curl_multi_perform.
extension EasyTransfer {
    /// libcurl sends the request again on a new connection (the reused one closed before any answer) and
    /// asks for the body from `offset`. A replayable body starts a new pass from its beginning; a single-pass
    /// body, or any other offset, cannot, and libcurl ends the transfer with `CURLE_SEND_FAIL_REWIND`.
    /// Returns whether the body is back at `offset`.
    func rewindBody(to offset: curl_off_t, origin: Int32) -> Bool {
        guard offset == 0, origin == ccurl_seek_set, let upload = request.upload, upload.isReplayable else {
            return false
        }
        upload.restart()
        handedToLibcurl = 0
        uploaded = 0
        lastActivity = .now
        return true
    }
}

import CCurl

/// Wakes the loop thread out of `curl_multi_poll`: the one use of the multi handle off that thread.
///
/// `curl_multi_wakeup` is documented as safe to call from any thread while the handle exists. The handle is
/// only reached through ``CurlMailbox``, which drops this value under its lock before the loop cleans the
/// handle up, so no call can come after `curl_multi_cleanup`.
struct CurlWakeup: Sendable {
    nonisolated(unsafe) private let multi: UnsafeMutableRawPointer

    init(multi: UnsafeMutableRawPointer) {
        self.multi = multi
    }

    func wake() {
        _ = curl_multi_wakeup(multi)
    }
}

import CCurl
import HTTPClient

extension EasyOptions {
    /// Lets the loop thread remove this handle at once while its name is still resolving.
    ///
    /// libcurl resolves names on a thread of its own. Removing a handle whose resolver thread is still waiting on
    /// a DNS server would join that thread (for as long as the server takes, 5 to 30 s), on the one thread that
    /// runs every transfer of the client. With `CURLOPT_QUICK_EXIT` the resolver thread is detached instead: it
    /// finishes its lookup alone, drops the answer and frees itself, so a cancelled or timed-out request returns
    /// at once and the others carry on. libcurl before 7.87 does not know the option; there a removal still waits.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses the option for another reason.
    func leaveResolverBehind() throws(HTTPTransportError) {
        let code = ccurl_easy_leave_resolver_behind(easy)
        guard code != CURLE_UNKNOWN_OPTION else { return }
        try check(code, "QUICK_EXIT")
    }
}

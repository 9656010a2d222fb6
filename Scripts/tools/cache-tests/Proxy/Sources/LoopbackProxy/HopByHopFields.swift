/// The header fields that belong to one connection, not to the message (RFC 9110, 7.6.1), and the others
/// the proxy does not pass on.
enum HopByHopFields {
    /// The fixed hop-by-hop fields, lowercased.
    static let names: Set<String> = [
        "connection", "keep-alive", "transfer-encoding", "te", "upgrade", "proxy-connection",
    ]

    /// Request fields the proxy leaves out, lowercased: the hop-by-hop ones, `Host` and `Content-Length`
    /// (the client sets both for the origin), `Expect` (the proxy reads the whole body before sending anything)
    /// and `Trailer` (it never sends a chunked body).
    static let requestNames = names.union(["host", "content-length", "expect", "trailer"])

    /// Response fields the proxy leaves out, lowercased: the hop-by-hop ones, `Content-Length` (the proxy writes
    /// its own) and `Content-Encoding`: an `HTTPClient` hands back the decoded body (`URLSessionClient` does),
    /// so the coding no longer describes the bytes sent.
    static let responseNames = names.union(["content-length", "content-encoding", "trailer"])
}

import HTTPClient

extension ResponseHead {
    /// The length of the body that follows this head, as the caller reads it: `Content-Length` when the body
    /// is neither content-encoded (libcurl decodes it) nor chunked; none after `HEAD`, 204 or 304. Field values
    /// arrive trimmed of spaces and tabs (``ResponseHeadParser``), so they are read as they are.
    func bodyLength(answering method: HTTPMethod) -> HTTPBodyLength {
        if method == .head || statusCode == 204 || statusCode == 304 { return .known(0) }
        if let coding = value(of: "Content-Encoding"), !coding.isEmpty,
            !Self.equalIgnoringASCIICase(coding, "identity")
        {
            return .unknown
        }
        guard value(of: "Transfer-Encoding") == nil,
            let length = value(of: "Content-Length").flatMap({ Int64($0) }),
            length >= 0
        else { return .unknown }
        return .known(length)
    }
}

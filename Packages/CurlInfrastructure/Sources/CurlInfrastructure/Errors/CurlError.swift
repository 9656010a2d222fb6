import CCurl

/// A libcurl failure: the `CURLcode` (or `CURLMcode`) and libcurl's message for it.
///
/// ``CurlClient`` keeps it as the underlying cause of the `HTTPTransportError` it throws, so a log shows
/// exactly what libcurl reported, for example `CURLE_COULDNT_CONNECT (7): Failed to connect to 127.0.0.1 port 9`.
public struct CurlError: Error, Hashable, Sendable {
    /// The numeric `CURLcode` (for example 7, `CURLE_COULDNT_CONNECT`), or the `CURLMcode` for a multi failure.
    public let code: Int
    /// libcurl's explanation: the transfer's error buffer when it has one, otherwise `curl_easy_strerror`.
    public let message: String

    /// Creates an error from a code and its message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}

extension CurlError: CustomStringConvertible {
    /// `libcurl error <code>: <message>`.
    public var description: String {
        "libcurl error \(code): \(message)"
    }
}

extension CurlError {
    /// The error `code` with `message`, or libcurl's generic text for `code` when `message` is empty.
    init(_ code: CURLcode, _ message: String = "") {
        self.init(
            code: Int(code.rawValue), message: message.isEmpty ? String(cString: curl_easy_strerror(code)) : message)
    }
}

import HTTPClient

/// The failures every Stack Exchange mapper reports alike; each mapper's nested `Error` has these cases, so
/// ``StackExchangeResponse`` turns a failed read into the mapper's own error in one place.
protocol StackExchangeMapperError: Error {
    /// The status was outside `200..<300` and the body held no error object.
    static func unexpectedStatus(_ status: HTTPStatusCode) -> Self
    /// The body is still gzip-compressed.
    static var compressedBody: Self { get }
    /// The body is not the wrapper the API documents; the text says where and why.
    static func invalidData(_ reason: String) -> Self
}

import Foundation

/// The one check of a base URL, which every request path is appended to: an absolute `http` or `https` URL
/// with a host, a port in 1...65535 if it has one, and no fragment.
///
/// ```swift
/// let url = try BaseURL.parse("https://api.example.com/v2/")
/// try BaseURL.validate(URL(fileURLWithPath: "/tmp"))   // throws .unsupportedScheme(baseURL: "file:///tmp")
/// ```
public enum BaseURL {
    /// `text` as a base URL, as read from configuration or the command line.
    /// - Throws: ``TransportConfigurationError`` naming `text`, its userinfo redacted, and what is wrong.
    public static func parse(_ text: String) throws(TransportConfigurationError) -> URL {
        let string = RedactedURL.string(from: text)
        guard !text.isEmpty else { throw .emptyBaseURL }
        guard !text.unicodeScalars.contains(where: isWhitespaceOrControl),
            let components = URLComponents(string: text), hasValidPort(components)
        else { throw .unparseableBaseURL(string) }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(baseURL: string)
        }
        guard let host = components.host, !host.isEmpty else { throw .missingHost(baseURL: string) }
        guard components.fragment == nil else { throw .fragmentInBaseURL(string) }
        guard let url = components.url else { throw .unparseableBaseURL(string) }
        return url
    }

    /// Checks `url` as ``parse(_:)`` checks its absolute string.
    /// - Throws: ``TransportConfigurationError`` naming the URL, its userinfo redacted, and what is wrong.
    public static func validate(_ url: URL) throws(TransportConfigurationError) {
        _ = try parse(url.absoluteString)
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// No port, an empty one (`http://h:/`), or one in 1...65535; Foundation accepts any digits.
    private static func hasValidPort(_ components: URLComponents) -> Bool {
        guard let range = components.rangeOfPort, !range.isEmpty else { return true }
        return components.port.map { (1...65535).contains($0) } ?? false
    }
}

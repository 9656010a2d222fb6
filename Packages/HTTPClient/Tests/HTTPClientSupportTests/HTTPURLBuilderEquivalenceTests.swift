import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPClientSupport

/// The one-string URL of ``HTTPURLBuilder/url(for:)`` must be the URL that `URLComponents` forms, and
/// the URL that the first implementation (``ReferenceURLBuilder``) formed.
@Suite("HTTPURLBuilder: one-string URLs equal URLComponents' URLs")
struct HTTPURLBuilderEquivalenceTests {
    static let bases = [
        "http://h", "http://h/", "https://h:8443/api/", "http://user:pw@h:1/a%20b//?key=k%20v&x=1#top",
        "http://127.0.0.1:8080", "http://[::1]:80/v", "https://xn--caf-dma.example/é/", "http://h/?", "http://h/#f",
        "file:///tmp/", "mailto:someone@example.com", "urn:isbn:0451450523",
    ]

    @Test(arguments: bases)
    func generatedRequestsGetTheSameURL(base: String) throws {
        let builder = HTTPURLBuilder(baseURL: try #require(URL(string: base)))
        var random = SplitMix64(seed: 20_261_121)
        for _ in 0..<2_000 {
            let request = Self.generatedRequest(using: &random)
            let oneString = Self.outcome { () throws(HTTPTransportError) in try builder.url(for: request) }
            let components = Self.outcome { () throws(HTTPTransportError) in try builder.urlWithComponents(for: request)
            }
            let reference = Self.outcome { () throws(HTTPTransportError) in
                try ReferenceURLBuilder.makeURL(baseURL: builder.baseURL, for: request)
            }

            #expect(oneString == components, "version \"\(request.version)\", path \"\(request.path)\"")
            #expect(oneString == reference, "version \"\(request.version)\", path \"\(request.path)\"")
            if oneString != components || oneString != reference { return }
        }
    }

    /// The URL's text, or the text of the invalid URL the builder names.
    private static func outcome(_ build: () throws(HTTPTransportError) -> URL) -> Result<String, InvalidURL> {
        do {
            return .success(try build().absoluteString)
        } catch .invalidURL(let text) {
            return .failure(InvalidURL(text: text))
        } catch {
            return .failure(InvalidURL(text: "unexpected \(error)"))
        }
    }

    private struct InvalidURL: Error, Equatable {
        let text: String
    }

    @Test(arguments: [
        ("files/..%2Ftoken", "http://h/api/v1/files/..%2Ftoken"),
        ("files/../token", "http://h/api/v1/files/%2E%2E/token"),
        ("files/./x/.", "http://h/api/v1/files/%2E/x/%2E"),
        ("files/...", "http://h/api/v1/files/..."),
        ("100%/a%zz/%4", "http://h/api/v1/100%25/a%25zz/%254"),
        ("files/\(HTTPPathSegment.escaping("50%/../é"))", "http://h/api/v1/files/50%25%2F..%2F%C3%A9"),
    ])
    func pathsKeepEscapesAndNeverClimb(path: String, url: String) throws {
        let builder = HTTPURLBuilder(baseURL: try #require(URL(string: "http://h/api/")))
        let request = TestRequest(path: path, version: "v1")

        #expect(try builder.url(for: request).absoluteString == url)
        #expect(try builder.urlWithComponents(for: request).absoluteString == url)
    }

    @Test func aRelativeBaseURLIsResolvedFirst() throws {
        let base = try #require(URL(string: "v2/", relativeTo: URL(string: "http://h/api/")))
        let builder = HTTPURLBuilder(baseURL: base)

        #expect(try builder.url(for: TestRequest(path: "x", version: "")).absoluteString == "http://h/api/v2/x")
    }

    private static func generatedRequest(using random: inout SplitMix64) -> TestRequest {
        let pieces = [
            "a", "B", "/", "/", "//", "v1", "é", "日本", "/\u{301}", "\u{600}/", "e\u{301}", " ", "%", "?", "#", "+",
            "&", "=", ";", ":", "@", "~", ".", "..", "\r\n", "\u{1F600}",
        ]
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
        }
        let query = (0..<Int.random(in: 0...3, using: &random)).map { _ in (text(0...3), text(0...3)) }
        return TestRequest(
            path: text(0...6), version: text(0...2),
            queryParameter: Bool.random(using: &random) ? nil : Dictionary(query) { first, _ in first })
    }
}

/// A plain reference implementation of ``HTTPURLBuilder/url(for:)``, the oracle: `URLComponents` and
/// `split`/`joined` for every request.
private enum ReferenceURLBuilder {
    static func makeURL(baseURL: URL, for request: any HTTPRequest) throws(HTTPTransportError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidURL("\(baseURL.absoluteString) is not a valid base URL")
        }
        components.percentEncodedPath = path(
            base: components.percentEncodedPath, version: request.version, path: request.path)
        components.percentEncodedQuery = query(
            base: components.percentEncodedQuery, parameters: request.queryParameter ?? [:])
        components.fragment = nil
        guard let url = components.url else {
            throw .invalidURL("\(baseURL.absoluteString) + version \"\(request.version)\" + path \"\(request.path)\"")
        }
        return url
    }

    private static func path(base: String, version: HTTPVersion, path: HTTPPath) -> String {
        let segments = (version.split(separator: "/") + path.split(separator: "/"))
            .map { segment(String($0)) }
        guard !segments.isEmpty else { return base.isEmpty ? "/" : base }
        var joined = base
        while joined.hasSuffix("/") { joined.removeLast() }
        joined += "/" + segments.joined(separator: "/")
        if path.hasSuffix("/") { joined += "/" }
        return joined
    }

    /// One segment: `.` and `..` as `%2E` and `%2E%2E`; a `%` that starts an escape kept; the rest as `pchar`.
    private static func segment(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        let bytes = Array(text.utf8)
        let hex = Set("0123456789ABCDEFabcdef".utf8)
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
        return bytes.enumerated().map { index, byte in
            let isEscape =
                byte == UInt8(ascii: "%") && index + 2 < bytes.count && hex.contains(bytes[index + 1])
                && hex.contains(bytes[index + 2])
            return isEscape || kept.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    private static func query(base: String?, parameters: HTTPQueryParameter) -> String? {
        let items = parameters.sorted { $0.key < $1.key }.map { name, value in
            encode(name, keeping: "") + "=" + encode(value, keeping: "")
        }
        let all = [base].compactMap { $0 }.filter { !$0.isEmpty } + items
        return all.isEmpty ? nil : all.joined(separator: "&")
    }

    /// Byte by byte: RFC 3986 unreserved characters and those in `extra` stay, every other byte becomes `%XX`.
    private static func encode(_ text: String, keeping extra: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~\(extra)".utf8)
        return text.utf8.map { byte in
            kept.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }
}

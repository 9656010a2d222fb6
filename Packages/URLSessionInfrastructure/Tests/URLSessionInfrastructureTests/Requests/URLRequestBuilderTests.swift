import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("URLRequestBuilder: URLs")
struct URLRequestBuilderTests {
    @Test(
        "joins base URL, version and path with single slashes",
        arguments: [
            ("http://h", "v1", "users", "http://h/v1/users"),
            ("http://h/", "v1", "users", "http://h/v1/users"),
            ("http://h/api", "v1", "users", "http://h/api/v1/users"),
            ("http://h/api/", "v1", "/users", "http://h/api/v1/users"),
            ("http://h/api//", "/v1/", "//users", "http://h/api/v1/users"),
            ("http://h/api/", "/v1/", "/users/", "http://h/api/v1/users/"),
            ("http://h/api/", "", "users", "http://h/api/users"),
            ("http://h/api/", "v1", "", "http://h/api/v1"),
            ("http://h/api/", "", "", "http://h/api/"),
            ("http://h", "", "", "http://h/"),
            ("https://h:8443/", "2.3", "questions/1;2", "https://h:8443/2.3/questions/1;2"),
            ("http://h/", "v1", "a//b///c", "http://h/v1/a/b/c"),
            ("http://h/", "v1/beta", "x", "http://h/v1/beta/x"),
        ]
    )
    func joinsSegments(base: String, version: String, path: String, expected: String) throws {
        #expect(try makeURL(base: base, request: TestRequest(path: path, version: version)) == expected)
    }

    @Test(
        "percent-encodes each path segment as plain text",
        arguments: [
            ("a b", "a%20b"),
            ("what?", "what%3F"),
            ("tag#1", "tag%231"),
            ("100%", "100%25"),
            ("a%20b", "a%20b"),
            ("a%2Fb/%zz", "a%2Fb/%25zz"),
            ("../x/.", "%2E%2E/x/%2E"),
            ("café", "caf%C3%A9"),
            ("日本/語", "%E6%97%A5%E6%9C%AC/%E8%AA%9E"),
            ("user@host:1", "user@host:1"),
            ("a+b=c&d;e,f!$'()*", "a+b=c&d;e,f!$'()*"),
            ("~a-b_c.d", "~a-b_c.d"),
            ("quote\"<>[]{}|\\^`", "quote%22%3C%3E%5B%5D%7B%7D%7C%5C%5E%60"),
        ]
    )
    func encodesPath(path: String, encoded: String) throws {
        let url = try makeURL(base: "http://h/", request: TestRequest(path: path, version: ""))
        #expect(url == "http://h/\(encoded)")
    }

    @Test("an empty or missing query adds no question mark", arguments: [nil, [:]] as [HTTPQueryParameter?])
    func noQuery(parameters: HTTPQueryParameter?) throws {
        let url = try makeURL(
            base: "http://h/", request: TestRequest(path: "x", version: "", queryParameter: parameters))
        #expect(url == "http://h/x")
    }

    @Test("query items are sorted by name")
    func sortsQuery() throws {
        let request = TestRequest(path: "x", version: "", queryParameter: ["b": "2", "a": "1", "C": "3", "aa": "4"])
        #expect(try makeURL(base: "http://h/", request: request) == "http://h/x?C=3&a=1&aa=4&b=2")
    }

    @Test(
        "query names and values keep only unreserved characters",
        arguments: [
            ("a&b=c", "a%26b%3Dc"),
            ("1+1", "1%2B1"),
            ("a/b", "a%2Fb"),
            ("a b", "a%20b"),
            ("why?#", "why%3F%23"),
            ("100%", "100%25"),
            ("ñ日本", "%C3%B1%E6%97%A5%E6%9C%AC"),
            ("-._~AZaz09", "-._~AZaz09"),
            ("", ""),
        ]
    )
    func encodesQuery(text: String, encoded: String) throws {
        let request = TestRequest(path: "x", version: "", queryParameter: [text.isEmpty ? "k" : text: text])
        let name = text.isEmpty ? "k" : encoded
        #expect(try makeURL(base: "http://h/", request: request) == "http://h/x?\(name)=\(encoded)")
    }

    @Test("the base URL's own query comes first and its fragment is dropped")
    func baseQueryAndFragment() throws {
        let request = TestRequest(path: "x", version: "v1", queryParameter: ["a": "1"])
        #expect(try makeURL(base: "http://h/api?key=k%20v", request: request) == "http://h/api/v1/x?key=k%20v&a=1")
        #expect(try makeURL(base: "http://h/api/#top", request: request) == "http://h/api/v1/x?a=1")
    }

    @Test("the URLRequest carries method, headers (custom names as spelled) and body")
    func requestFields() throws {
        let request = TestRequest(
            method: .patch, path: "x", version: "", headers: ["X-Mixed-Case": "1", "accept": "text/plain"],
            body: Data("payload".utf8))
        let urlRequest = try URLRequestBuilder(baseURL: try #require(URL(string: "http://h")))
            .makeURLRequest(for: request)
        #expect(urlRequest.httpMethod == "PATCH")
        #expect(urlRequest.allHTTPHeaderFields?["X-Mixed-Case"] == "1")
        // Foundation on Linux respells well-known names ("accept" → "Accept"); names are case-insensitive.
        #expect(urlRequest.value(forHTTPHeaderField: "accept") == "text/plain")
        #expect(urlRequest.httpBody == Data("payload".utf8))
    }

    @Test(
        "a header that cannot go out as one line is refused with its cause",
        arguments: [
            ("X-Bad", "a\r\nHost: evil", InvalidHeaderFieldError.Problem.lineBreakOrNULInValue),
            ("X-A\nB", "v", .lineBreakOrNULInName),
            ("", "v", .emptyName),
        ])
    func refusesHeaderInjection(name: String, value: String, problem: InvalidHeaderFieldError.Problem) throws {
        let builder = URLRequestBuilder(baseURL: try #require(URL(string: "http://h/")))

        let error = try #require(throws: HTTPTransportError.self) {
            try builder.makeURLRequest(for: TestRequest(headers: HTTPHeaders([(name, value)])))
        }

        #expect(error.kind == .other)
        #expect(error.underlying as? InvalidHeaderFieldError == InvalidHeaderFieldError(name: name, problem: problem))
    }

    @Test(arguments: HTTPMethod.standard.map(\.rawValue) + ["M-SEARCH", "PROPFIND"])
    func everyMethodIsSentByName(_ token: String) throws {
        let method = try #require(HTTPMethod(rawValue: token))
        let builder = URLRequestBuilder(baseURL: try #require(URL(string: "http://h/")))
        let body = method == .get ? nil : Data("x".utf8)

        #expect(try builder.makeURLRequest(for: TestRequest(method: method, body: body)).httpMethod == method.name)
    }

    private func makeURL(base: String, request: TestRequest) throws -> String {
        let builder = URLRequestBuilder(baseURL: try #require(URL(string: base)))
        return try builder.makeURL(for: request).absoluteString
    }
}

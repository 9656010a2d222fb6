import DevServerSupport
import Foundation
import HTTPClient
import LoopbackProxy
import Testing
import URLSessionInfrastructure

/// The proxy with the `cache-tests-proxy` chain in front of `Scripts/dev-server`, over real sockets.
@Suite("End to end: LoopbackProxy in front of the dev server")
struct LoopbackProxyEndToEndTests {
    private static let avatar = "cdn/avatars/zoe-laurent.png"
    private static let avatarCounter = "route:GET /cdn/avatars/zoe-laurent.png"

    @Test("a cacheable answer asked twice comes from the cache the second time; the origin sees it once")
    func cacheHit() async throws {
        try await ProxyFixture.run { fixture in
            let (firstBody, first) = try await fixture.client.load(request: originRequest(.get, Self.avatar))
            let (secondBody, second) = try await fixture.client.load(request: originRequest(.get, Self.avatar))

            #expect(first.statusCode == 200)
            #expect(first.headers?["X-Cache"] == "miss")
            #expect(second.statusCode == 200)
            #expect(second.headers?["X-Cache"] == "hit")
            #expect(second.headers?["Age"] != nil)
            #expect(secondBody == firstBody)
            #expect(try await fixture.admin.count(Self.avatarCounter) == 1)
        }
    }

    @Test("a PUT reaches the origin with its body and the client's fields, and Host names the origin")
    func putBody() async throws {
        try await ProxyFixture.run { fixture in
            let body = Data("{\"bytes\":\"\u{00}\u{FF}é\"}".utf8)
            let (data, response) = try await fixture.client.load(
                request: originRequest(
                    .put, "echo/config/1", headers: ["Content-Type": "application/json", "Test-ID": "t"], body: body))

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(response.statusCode == 200)
            #expect(echo.method == "PUT")
            #expect(echo.path == "/echo/config/1")
            #expect(echo.body == body)
            #expect(echo.values("Content-Type") == ["application/json"])
            #expect(echo.values("Test-ID") == ["t"])
            #expect(echo.values("Host") == ["127.0.0.1:\(fixture.server.port)"])
        }
    }

    @Test("a method HTTPMethod has no member for reaches the origin as spelled")
    func extensionMethod() async throws {
        try await ProxyFixture.run { fixture in
            let request = "M-SEARCH /echo/devices HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n"
            let (responses, _) = try await RawHTTP.exchange(port: fixture.proxy.port, request)

            #expect(responses[0].status == 200)
            let echo = try JSONDecoder().decode(DevServerEcho.self, from: responses[0].body)
            #expect(echo.method == "M-SEARCH")
            #expect(echo.path == "/echo/devices")
        }
    }

    @Test("repeated request fields arrive joined with a comma; the query arrives decoded and encoded again")
    func repeatedFieldsAndQuery() async throws {
        try await ProxyFixture.run { fixture in
            let request =
                "GET /echo/q?b=2&a=x%20y HTTP/1.1\r\nHost: p\r\nCache-Control: nothing-to-see-here\r\n"
                + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
            let (responses, _) = try await RawHTTP.exchange(port: fixture.proxy.port, request)

            let echo = try JSONDecoder().decode(DevServerEcho.self, from: responses[0].body)
            #expect(echo.values("Cache-Control") == ["nothing-to-see-here, no-store"])
            #expect(echo.query == "a=x%20y&b=2")
        }
    }

    @Test("HEAD gets the status and fields with the origin's Content-Length, and no body")
    func head() async throws {
        try await ProxyFixture.run { fixture in
            let (responses, trailing) = try await RawHTTP.exchange(
                port: fixture.proxy.port, "HEAD /echo/head HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n",
                bodyless: true)

            #expect(responses[0].status == 200)
            #expect(Int(responses[0].header("Content-Length") ?? "") ?? 0 > 0)
            #expect(trailing.isEmpty)
        }
    }

    @Test("the client's own conditional request the cache may not answer gets the origin's 304 through, untouched")
    func clientConditional() async throws {
        try await ProxyFixture.run { fixture in
            let (_, first) = try await fixture.client.load(request: originRequest(.get, Self.avatar))
            let etag = try #require(first.headers?["ETag"])

            let (responses, _) = try await RawHTTP.exchange(
                port: fixture.proxy.port,
                "GET /\(Self.avatar) HTTP/1.1\r\nHost: p\r\nIf-None-Match: \(etag)\r\nCache-Control: no-cache\r\n"
                    + "Connection: close\r\n\r\n")

            #expect(responses[0].status == 304)
            #expect(responses[0].reason == "Not Modified")
            #expect(responses[0].header("X-Cache") == "miss")
            #expect(responses[0].header("Content-Length") == nil)
            #expect(try await fixture.admin.count(Self.avatarCounter) == 2)
        }
    }

    @Test("the client's own conditional request to a fresh entry gets the cache's 304; the origin is not asked")
    func clientConditionalAnsweredByTheCache() async throws {
        try await ProxyFixture.run { fixture in
            let (_, first) = try await fixture.client.load(request: originRequest(.get, Self.avatar))
            let etag = try #require(first.headers?["ETag"])

            let (responses, _) = try await RawHTTP.exchange(
                port: fixture.proxy.port,
                "GET /\(Self.avatar) HTTP/1.1\r\nHost: p\r\nIf-None-Match: \(etag)\r\nConnection: close\r\n\r\n")

            #expect(responses[0].status == 304)
            #expect(responses[0].reason == "Not Modified")
            #expect(responses[0].header("X-Cache") == "hit")
            #expect(responses[0].header("ETag") == etag)
            #expect(responses[0].header("Content-Length") == nil)
            #expect(responses[0].body.isEmpty)
            #expect(try await fixture.admin.count(Self.avatarCounter) == 1)
        }
    }

    @Test("two requests on one connection get two answers (keep-alive)")
    func keepAlive() async throws {
        try await ProxyFixture.run { fixture in
            let request = "GET /echo/one HTTP/1.1\r\nHost: p\r\n\r\nGET /echo/two HTTP/1.1\r\nHost: p\r\n\r\n"
            let (responses, _) = try await RawHTTP.exchange(port: fixture.proxy.port, request, responses: 2)

            let paths = try responses.map { try JSONDecoder().decode(DevServerEcho.self, from: $0.body).path }
            #expect(paths == ["/echo/one", "/echo/two"])
        }
    }

    @Test("a redirect comes back as the 3xx itself")
    func redirect() async throws {
        try await ProxyFixture.run { fixture in
            let (_, response) = try await fixture.client.load(
                request: originRequest(.get, "faults/redirect", query: ["to": "/echo/elsewhere", "status": "307"]))

            #expect(response.statusCode == 307)
            #expect(response.headers?["Location"] == "/echo/elsewhere")
        }
    }

    @Test("a gzip answer arrives decoded, without Content-Encoding")
    func gzip() async throws {
        try await ProxyFixture.run { fixture in
            let (data, response) = try await fixture.client.load(
                request: originRequest(.get, "echo/gzip", query: ["gzip": "1"]))

            #expect(response.headers?["Content-Encoding"] == nil)
            #expect(try JSONDecoder().decode(DevServerEcho.self, from: data).path == "/echo/gzip")
        }
    }

    @Test(
        "requests the proxy cannot pass on get its own status, and the connection closes",
        arguments: [
            ("BAD\r\n\r\n", 400), ("GET /x HTTP/1.1\r\nno colon\r\n\r\n", 400), ("GET * HTTP/1.1\r\n\r\n", 400),
            ("POST /echo/x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 411),
            ("GET /echo/x HTTP/2.0\r\n\r\n", 505),
            ("POST /echo/x HTTP/1.1\r\nContent-Length: 2048\r\n\r\n", 413),
            ("POST /echo/x HTTP/1.1\r\nContent-Length: 300000\r\n\r\n" + String(repeating: "b", count: 300_000), 413),
            ("GET /echo/x HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 1_200))\r\n\r\n", 431),
        ])
    func refused(request: String, status: Int) async throws {
        let limits = LoopbackProxy.Limits(maximumHeadBytes: 1_024, maximumBodyBytes: 1_024)
        try await ProxyFixture.run(limits: limits) { fixture in
            let (responses, trailing) = try await RawHTTP.exchange(port: fixture.proxy.port, request)

            #expect(responses[0].status == status)
            #expect(responses[0].header("Connection") == "close")
            #expect(responses[0].header("Content-Type") == "text/plain; charset=utf-8")
            #expect(String(decoding: responses[0].body, as: UTF8.self).hasSuffix("\n"))
            #expect(trailing.isEmpty)
            #expect(
                try await fixture.admin.counters().keys.allSatisfy { !$0.hasPrefix("route:") || $0.contains("_admin") })
        }
    }

    @Test("an origin that cannot be reached gives 502 with a one-line text body")
    func badGateway() async throws {
        let closed = try ReservedPort()
        let origin = try URLSessionClient.ephemeral(baseURL: "http://127.0.0.1:\(closed.port)", redirects: .never)
        let proxy = try LoopbackProxy(client: origin)
        defer { proxy.stop() }

        let (responses, _) = try await RawHTTP.exchange(
            port: proxy.port, "GET /x HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n")

        #expect(responses[0].status == 502)
        #expect(responses[0].reason == "Bad Gateway")
        let text = String(decoding: responses[0].body, as: UTF8.self)
        #expect(text.hasPrefix("the origin could not be loaded: "))
        #expect(text.filter { $0 == "\n" }.count == 1)
        withExtendedLifetime(closed) {}
    }

    @Test("after stop, the port refuses connections and open connections end")
    func stop() async throws {
        try await ProxyFixture.run { fixture in
            _ = try await fixture.client.load(request: originRequest(.get, "echo/warm"))

            fixture.proxy.stop()

            await #expect(throws: RawHTTP.Failure.self) {
                _ = try await RawHTTP.exchange(port: fixture.proxy.port, "GET /echo/x HTTP/1.1\r\n\r\n")
            }
        }
    }
}

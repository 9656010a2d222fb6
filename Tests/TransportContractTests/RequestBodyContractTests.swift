import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Methods and request bodies, as the server receives them.
@Suite("Contract: methods and bodies")
struct RequestBodyContractTests {
    static let methodsWithBody: [HTTPMethod] = [.post, .put, .patch, .delete, .options]

    @Test("sends the method and the body byte for byte", arguments: Transport.allCases, methodsWithBody)
    func sendsBody(transport: Transport, method: HTTPMethod) async throws {
        try await withClient(transport) { _, client in
            let body = Data("{\"method\":\"\(method.name)\",\"bytes\":\"\u{00}\u{FF}é\"}".utf8)
            let echo = try await client.echo(
                devRequest(method, "echo/body", headers: ["Content-Type": "application/json"], body: body))

            #expect(echo.method == method.name)
            #expect(echo.body == body)
            #expect(echo.header("Content-Type") == "application/json")
        }
    }

    @Test(
        "a streamed body with Expect: 100-continue goes after the 100, and the final answer comes back",
        arguments: Transport.allCases)
    func expectContinue(transport: Transport) async throws {
        let chunks = (0..<4).map { Data(repeating: UInt8(65 + $0), count: 64 * 1024) }
        try await withClient(transport) { _, client in
            let (data, response) = try await client.stream(
                request: devRequest(.patch, "echo/body", headers: ["Expect": "100-continue"]),
                body: HTTPBody(AsyncChunks(chunks), length: .known(Int64(4 * 64 * 1024))), progress: nil
            ) { response, body in (try await body.collect(upTo: 4 << 20), response) }

            #expect(response.statusCode == 200, "the interim 100 is not the answer")
            let echo = try JSONDecoder().decode(DevServerEcho.self, from: data)
            #expect(echo.header("Expect") == "100-continue")
            #expect(echo.body == chunks.reduce(Data(), +))
        }
    }

    @Test("a method HTTPMethod has no member for arrives as spelled, without a body", arguments: Transport.allCases)
    func extensionMethod(transport: Transport) async throws {
        let method = try #require(HTTPMethod(rawValue: "M-SEARCH"))
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(method, "echo/search", headers: ["MAN": "\"ssdp:discover\""]))

            #expect(echo.method == "M-SEARCH")
            #expect(echo.body.isEmpty)
            #expect(echo.header("Content-Length") == nil || echo.header("Content-Length") == "0")
            #expect(echo.header("MAN") == "\"ssdp:discover\"")
        }
    }

    @Test("a method HTTPMethod has no member for sends its body byte for byte", arguments: Transport.allCases)
    func extensionMethodWithBody(transport: Transport) async throws {
        let method = try #require(HTTPMethod(rawValue: "PROPFIND"))
        let body = Data("<propfind xmlns=\"DAV:\"><allprop/></propfind>".utf8)
        try await withClient(transport) { _, client in
            let echo = try await client.echo(
                devRequest(method, "echo/dav", headers: ["Content-Type": "application/xml"], body: body))

            #expect(echo.method == "PROPFIND")
            #expect(echo.body == body)
        }
    }

    @Test("a POST without a body sends Content-Length: 0", arguments: Transport.allCases)
    func emptyPost(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.post, "echo/empty"))

            #expect(echo.method == "POST")
            #expect(echo.body.isEmpty)
            #expect(echo.header("Content-Length") == "0")
        }
    }

    @Test("GET sends no body", arguments: Transport.allCases)
    func get(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.get, "echo/get"))

            #expect(echo.method == "GET")
            #expect(echo.body.isEmpty)
        }
    }

    @Test("HEAD returns the headers and no body", arguments: Transport.allCases)
    func head(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let (data, response) = try await client.load(request: devRequest(.head, "echo/head"))

            #expect(response.statusCode == 200)
            #expect(data.isEmpty)
            #expect(response.headers?["content-type"] == "application/json; charset=utf-8")
            #expect(Int(response.headers?["Content-Length"] ?? "") ?? 0 > 0)
        }
    }

    @Test("a 2 MB upload arrives byte for byte", arguments: Transport.allCases)
    func largeUpload(transport: Transport) async throws {
        let body = Data((0..<2_000_000).map { UInt8($0 % 251) })
        try await withClient(transport) { _, client in
            let echo = try await client.echo(devRequest(.put, "echo/upload", body: body))

            #expect(echo.body.count == body.count)
            #expect(firstByteBreakingPattern(echo.body) == nil, "byte i must be i % 251")
            #expect(echo.header("Content-Length") == "\(body.count)")
        }
    }
}

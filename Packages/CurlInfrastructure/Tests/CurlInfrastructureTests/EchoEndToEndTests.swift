import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@Suite("CurlClient end to end: requests and responses")
struct EchoEndToEndTests {
    @Test("a GET arrives with its exact path and query, and every status comes back")
    func getWithQuery() async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(
                devRequest(.get, "echo/a b/ü", query: ["q": "swift & c++", "sort": "a+b=c", "empty": ""]))

            #expect(echo.method == "GET")
            #expect(echo.path == "/echo/a%20b/%C3%BC")
            #expect(echo.query == "empty=&q=swift%20%26%20c%2B%2B&sort=a%2Bb%3Dc")
            #expect(echo.queryItems == [["empty", ""], ["q", "swift & c++"], ["sort", "a+b=c"]])
        }
    }

    @Test("bodies arrive intact for every method that sends one", arguments: [HTTPMethod.post, .put, .patch, .delete])
    func bodies(method: HTTPMethod) async throws {
        try await withDevServer { _, client in
            let body = Data((0..<5000).map { UInt8($0 % 256) })

            let echo = try await client.echo(
                devRequest(method, "echo/body", headers: ["Content-Type": "application/octet-stream"], body: body))

            #expect(echo.method == method.name)
            #expect(echo.body == body)
            #expect(echo.header("Content-Type") == "application/octet-stream")
            #expect(echo.header("Expect") == nil)
        }
    }

    @Test("a POST without a body sends Content-Length: 0")
    func emptyPost() async throws {
        try await withDevServer { _, client in
            let echo = try await client.echo(devRequest(.post, "echo/empty"))

            #expect(echo.method == "POST")
            #expect(echo.body.isEmpty)
            #expect(echo.header("Content-Length") == "0")
        }
    }

    @Test("request headers go out in the caller's spelling; response headers come back")
    func headersBothWays() async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(
                request: devRequest(
                    .get, "echo/h", headers: ["X-Trace-ID": "abc 123", "Authorization": "Bearer t", "X-Empty": ""]))
            let echo = try JSONDecoder().decode(DevServerEchoHeaders.self, from: data)

            #expect(echo.headers.contains(["X-Trace-ID", "abc 123"]))
            #expect(echo.headers.contains(["Authorization", "Bearer t"]))
            #expect(echo.headers.contains(["X-Empty", ""]))
            #expect(response.headers?["content-type"]?.hasPrefix("application/json") == true)
            #expect(response.headers?["Content-Length"] == "\(data.count)")
        }
    }

    @Test("HEAD returns the head without a body")
    func head() async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(request: devRequest(.head, "echo/head"))

            #expect(response.statusCode == 200)
            #expect(data.isEmpty)
        }
    }

    @Test("error statuses are returned, not thrown", arguments: [204, 404, 500, 503])
    func statuses(status: Int) async throws {
        try await withDevServer { _, client in
            let (_, response) = try await client.load(request: devRequest(.get, "faults/status/\(status)"))

            #expect(response.statusCode == status)
        }
    }

    @Test("a gzip body arrives decoded; Content-Encoding stays in the headers")
    func gzip() async throws {
        try await withDevServer { _, client in
            let (data, response) = try await client.load(request: devRequest(.get, "echo/zip", query: ["gzip": "1"]))
            let echo = try JSONDecoder().decode(DevServerEchoHeaders.self, from: data)

            #expect(response.headers?["Content-Encoding"] == "gzip")
            #expect(echo.headers.contains { $0.first == "Accept-Encoding" && $0.last?.contains("gzip") == true })
        }
    }

    @Test("200 concurrent loads each get their own response")
    func concurrentLoads() async throws {
        try await withDevServer { _, client in
            let paths = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let echo = try await client.echo(devRequest(.get, "echo/\(index)", query: ["i": "\(index)"]))
                        #expect(echo.queryItems == [["i", "\(index)"]])
                        return (index, echo.path)
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }

            #expect(paths.count == 200)
            #expect(paths.allSatisfy { $0.value == "/echo/\($0.key)" })
        }
    }
}

/// The headers of an `/echo` answer in the order and spelling they arrived.
private struct DevServerEchoHeaders: Decodable {
    let headers: [[String]]
}

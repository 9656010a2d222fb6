import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// `.retrying()` with the default policy over `URLSessionClient`, against the dev server's fault routes.
@Suite(.timeLimit(.minutes(1)))
struct RetryEndToEndTests {
    @Test func aFlakyGetSucceedsOnTheThirdAttempt() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().retrying()

            let (data, response) = try await sut.load(request: flaky("get", method: .get))

            #expect(response.statusCode == 200 && String(decoding: data, as: UTF8.self) == "ok 3")
            #expect(try await DevServerAdmin(server).count("flaky:get") == 3)
        }
    }

    @Test func aFlakyPostIsSentOnceAndItsFailureReturned() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().retrying()

            let (_, response) = try await sut.load(request: flaky("post", method: .post))

            #expect(response.statusCode == 503)
            #expect(try await DevServerAdmin(server).count("flaky:post") == 1)
        }
    }

    @Test func aRetryAfterLongerThanMaxDelayEndsTheRetriesAtOnce() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().retrying()
            let request = TestRequest(path: "faults/status/503", version: "", queryParameter: ["retry_after": "120"])

            let (_, response) = try await sut.load(request: request)

            #expect(response.statusCode == 503 && response.headers?["Retry-After"] == "120")
            #expect(try await DevServerAdmin(server).count("route:GET /faults/status/503") == 1)
        }
    }

    private func flaky(_ key: String, method: HTTPMethod) -> TestRequest {
        TestRequest(
            method: method, path: "faults/flaky/\(key)", version: "",
            queryParameter: ["failures": "2", "status": "503", "retry_after": "0"])
    }
}

import DevServerSupport
import Foundation
import Testing

struct DevServerTests {
    @Test func baseURLComesFromTheReadyLine() async throws {
        try await DevServer.run { server in
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    #if os(Linux)
        // Linux routes all of 127.0.0.0/8 to the loopback interface; macOS configures only 127.0.0.1.
        @Test func baseURLUsesTheHostArgument() async throws {
            try await DevServer.run(arguments: ["--host", "127.0.0.2"]) { server in
                #expect(server.baseURL.host == "127.0.0.2")
                #expect(server.baseURL.port == server.port)
            }
        }
    #endif

    @Test func aHostOffLoopbackIsADevServerError() async throws {
        await #expect(throws: DevServer.Error.self) {
            try await DevServer.run(arguments: ["--host", "0.0.0.0"]) { _ in }
        }
    }
}

import DevServerSupport
import Testing

/// `DevServer.run` leaves no server behind, whether its body returns or throws.
@Suite(.timeLimit(.minutes(1)))
struct DevServerLifecycleCLITests {
    private struct Boom: Error {}

    @Test func theServerHasExitedCleanlyOnceRunReturns() async throws {
        let server = try await DevServer.run { server in
            #expect(server.isRunning)
            return server
        }

        #expect(!server.isRunning)
        #expect(server.exitStatus == 0)
    }

    @Test func theServerHasExitedCleanlyWhenTheBodyThrows() async throws {
        var started: DevServer?

        do {
            try await DevServer.run { server in
                started = server
                throw Boom()
            }
            Issue.record("run did not rethrow")
        } catch {
            #expect(error is Boom)
        }

        let server = try #require(started)
        #expect(!server.isRunning)
        #expect(server.exitStatus == 0)
    }
}

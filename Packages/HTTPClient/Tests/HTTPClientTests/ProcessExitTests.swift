import DevServerSupport
import Foundation
import Testing

struct ProcessExitTests {
    @Test func returnsTheExitStatus() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 3"]

        #expect(try await process.runUntilExit() == 3)
    }

    @Test func throwsWhenTheProcessCannotStart() async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")

        await #expect(throws: (any Error).self) { try await process.runUntilExit() }
    }
}

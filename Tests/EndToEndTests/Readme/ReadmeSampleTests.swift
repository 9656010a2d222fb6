import DevServerSupport
import Foundation
import Testing

/// The README's sample, run against the local backend's Stack Exchange API.
@Suite(.timeLimit(.minutes(1)))
struct ReadmeSampleTests {
    @Test func loadsAndStreamsTheTopQuestions() async throws {
        try await DevServer.run { server in
            let (page, streamedBytes) = try await topQuestions(from: server.baseURL.absoluteString)

            let wrapper = try JSONSerialization.jsonObject(with: page) as? [String: Any]
            #expect((wrapper?["items"] as? [Any])?.isEmpty == false)
            #expect(streamedBytes > 0)
        }
    }
}

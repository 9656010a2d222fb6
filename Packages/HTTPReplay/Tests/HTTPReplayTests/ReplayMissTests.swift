import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// A request the archive lacks fails the test, naming the request and the closest recorded one.
struct ReplayMissTests {
    @Test(.replaying("Archives/questions.har", mode: .playback))
    func aMissRecordsAnIssueNamingTheRequestAndTheClosestEntry() async throws {
        let request = TestRequest(
            path: "questions", version: "2.3", queryParameter: ["site": "stackoverflow", "page": "2"])

        await withKnownIssue {
            let miss = await #expect(throws: ReplayMiss.self) { try await Replay.client.load(request: request) }
            #expect(miss?.request == "GET /2.3/questions?page=2&site=stackoverflow")
            #expect(miss?.closest == "GET http://127.0.0.1:3000/2.3/questions?page=1&site=stackoverflow")
            #expect(miss?.differences == ["query page=2 where the archive has page=1"])
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("No recorded answer for GET /2.3/questions?page=2&site=stackoverflow in ")
                    && comment.rawValue.contains(
                        "questions.har; the closest recorded request is GET http://127.0.0.1:3000/2.3/questions?"
                            + "page=1&site=stackoverflow, which differs in query page=2 where the archive has page=1.")
            }
        }
    }

    @Test(.replaying("Archives/questions.har", mode: .playback))
    func aStreamedMissNamesTheDifferingBody() async throws {
        let request = TestRequest(method: .post, path: "token", body: Data("gamma".utf8))

        await withKnownIssue {
            let miss = await #expect(throws: ReplayMiss.self) {
                try await Replay.client.stream(request: request, body: nil, progress: nil) { _, _ in }
            }
            #expect(miss?.closest == "POST http://127.0.0.1:3000/v1/token")
            #expect(miss?.differences == ["body gamma where the archive has alpha"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("which differs in body gamma where the archive has alpha") }
        }
    }

    @Test func theDescriptionOfAMissInAnEmptyArchiveSaysItIsEmpty() {
        let miss = ReplayMiss(request: "GET /v1/token", closest: nil, differences: [], archive: "/tmp/empty.har")

        #expect(
            miss.description
                == "No recorded answer for GET /v1/token in /tmp/empty.har; the archive is empty. "
                + "If the feature now sends this request, record the archive again (NETWORKING_REPLAY=record).")
    }
}

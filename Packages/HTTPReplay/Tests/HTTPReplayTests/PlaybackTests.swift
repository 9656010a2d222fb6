import Foundation
import HTTPClient
import HTTPClientTestSupport
import HTTPReplay
import Testing

/// Answers from `Archives/questions.har`, beside this file: status, headers and body, in recorded order, by
/// `load` and `stream`, with no network.
struct PlaybackTests {
    @Test(.replaying("Archives/questions.har", mode: .playback, live: { LiveCalls.fail() }))
    func answersFromTheArchiveBesideTheTestWithoutTheNetwork() async throws {
        let request = TestRequest(
            path: "questions", version: "2.3", queryParameter: ["site": "stackoverflow", "page": "1"])

        let (data, response) = try await Replay.client.load(request: request)

        #expect(String(decoding: data, as: UTF8.self) == #"{"items":[{"question_id":1,"title":"Replay"}]}"#)
        #expect(response.statusCode == 200)
        #expect(response.headers?["X-Served-By"] == "dev-server")
        #expect(response.headers?["Content-Type"] == "application/json; charset=utf-8")
    }

    @Test(.replaying("Archives/questions.har", mode: .playback))
    func identicalRequestsGetTheRecordedAnswersInOrderThenTheLastAgain() async throws {
        var bodies: [String] = []
        for _ in 0..<3 {
            bodies.append(
                String(decoding: try await Replay.client.load(request: TestRequest(path: "counter")).0, as: UTF8.self))
        }

        #expect(bodies == ["first", "second", "second"])
    }

    @Test(.replaying("Archives/questions.har", mode: .playback))
    func streamHandsOverTheRecordedBody() async throws {
        let (status, body) = try await Replay.client.stream(
            request: TestRequest(path: "counter"), body: nil, progress: nil
        ) {
            response, body in (response.statusCode, try await body.collect(upTo: 1_024))
        }

        #expect(status == 200)
        #expect(body == Data("first".utf8))
    }

    @Test(.replaying("Archives/questions.har", mode: .playback))
    func theBodyOfARequestChoosesItsAnswer() async throws {
        let beta = try await Replay.client.load(
            request: TestRequest(method: .post, path: "token", body: Data("beta".utf8)))
        let alpha = try await Replay.client.load(
            request: TestRequest(method: .post, path: "token", body: Data("alpha".utf8)))

        #expect(beta.1.statusCode == 400)
        #expect(alpha.1.statusCode == 204)
    }

    @Test(.replaying("Archives/questions.har", mode: .playback, matching: .default.ignoringQueryItems(["nonce"])))
    func ignoredQueryItemsMatchWhateverTheirValue() async throws {
        let request = TestRequest(path: "search", queryParameter: ["q": "swift", "nonce": "a fresh one"])

        let (data, _) = try await Replay.client.load(request: request)

        #expect(data == Data("found".utf8))
    }

    @Test func outsideATestWithTheTraitTheClientSaysSo() async throws {
        let error = await #expect(throws: ReplayTraitError.self) {
            try await Replay.client.load(request: TestRequest())
        }

        #expect(error == .noReplayScope)
        #expect(error?.description == "Replay.client was used outside a test or suite with the .replaying trait.")
    }
}

/// A `live` closure that must not run: it records an issue when it does.
enum LiveCalls {
    static func fail(_ comment: Comment = "the live client was made in playback") -> any HTTPClient {
        Issue.record(comment)
        return ScriptedHTTPClient()
    }
}

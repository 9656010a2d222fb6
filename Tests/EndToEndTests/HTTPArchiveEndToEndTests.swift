import DevServerSupport
import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `URLSessionClient` recorded against the dev server, then replayed from the archive with no server:
/// every answer replays as it arrived.
@Suite(.timeLimit(.minutes(1)))
struct HTTPArchiveEndToEndTests {
    @Test func textGzipAndBinaryBodiesReplayByteForByte() async throws {
        let requests = [
            TestRequest(path: "echo/text", version: "", queryParameter: ["q": "a b&c=d", "é": "ü"]),
            TestRequest(path: "echo/zipped", version: "", queryParameter: ["gzip": "1"]),
            TestRequest(path: "cdn/avatars/zoe-laurent.png", version: ""),
            TestRequest(path: "faults/large", version: "", queryParameter: ["bytes": "70000"]),
            TestRequest(method: .post, path: "echo/form", version: "", body: Data(#"{"password":"p","n":1}"#.utf8)),
            TestRequest(path: "faults/status/503", version: ""),
        ]
        let (live, archive) = try await recordLive(requests)

        let replay = try HARReplayClient(archive: archive)
        for (request, recorded) in zip(requests, live) {
            let (data, response) = try await replay.load(request: request)
            let (liveData, liveResponse) = try recorded.get()
            #expect(data == liveData, "\(request.path)")
            #expect(response.statusCode == liveResponse.statusCode, "\(request.path)")
            #expect(response.headers == liveResponse.headers, "\(request.path)")
        }
        let entries = try JSONDecoder().decode(HARArchive.self, from: archive).log.entries
        #expect(entries[2].response.content.encoding == "base64")
        #expect(entries[1].response.content.text?.hasPrefix("{") == true, "the gzip body is recorded decoded")
        #expect(entries[4].request.postData?.text == #"{"n":1,"password":"[redacted]"}"#)
    }

    @Test func recordedURLsAreTheURLsTheTransportSent() async throws {
        let request = TestRequest(path: "echo/a b/ü", version: "", queryParameter: ["z": "1", "a": "x+y"])
        let (live, archive) = try await recordLive([request])

        let echoed = try JSONSerialization.jsonObject(with: try live[0].get().0) as? [String: Any]
        let entry = try #require(try JSONDecoder().decode(HARArchive.self, from: archive).log.entries.first)
        let sentPath = try #require(echoed?["path"] as? String)
        let sentQuery = try #require(echoed?["query"] as? String)
        let recorded = try #require(URLComponents(string: entry.request.url))
        #expect(recorded.percentEncodedPath == sentPath)
        #expect(recorded.percentEncodedQuery == sentQuery)
        #expect(entry.request.url.hasSuffix("/echo/a%20b/%C3%BC?a=x%2By&z=1"))
    }

    @Test func failuresReplayAsTheSameTransportErrors() async throws {
        let requests = [TestRequest(path: "faults/drop", version: "")]
        let (live, archive) = try await recordLive(requests)

        let replay = try HARReplayClient(archive: archive)
        let liveError = try #require(live[0].failure as? HTTPTransportError)
        let thrown = await #expect(throws: HTTPTransportError.self) { try await replay.load(request: requests[0]) }
        #expect(thrown?.kind == liveError.kind)
        #expect(thrown?.underlying is HARRecordedError)
        #expect(thrown?.underlyingDescription == liveError.underlyingDescription)
    }

    @Test func concurrentRequestsAreAllRecordedAndReplayed() async throws {
        let requests = (0..<24).map {
            TestRequest(path: "echo/item/\($0)", version: "", queryParameter: ["gzip": "\($0 % 2)"])
        }
        let (live, archive) = try await recordLive(requests, concurrently: true)

        let replay = try HARReplayClient(archive: archive)
        #expect(replay.entryCount == 24)
        let replayed = try await concurrently(24) { index in try await replay.load(request: requests[index]).0 }
        #expect(replayed == (try live.map { try $0.get().0 }))
    }

    /// Loads `requests` through a recording `URLSessionClient` against a fresh dev server.
    private func recordLive(
        _ requests: [TestRequest], concurrently inParallel: Bool = false
    ) async throws -> (live: [Result<(Data, HTTPResponse), any Error>], archive: Data) {
        let recorder = HARRecorder()
        let live = try await DevServer.run { server in
            let client = try server.transport().recording(to: recorder, baseURL: server.baseURL)
            let load: @Sendable (Int) async -> Result<(Data, HTTPResponse), any Error> = { index in
                do { return .success(try await client.load(request: requests[index])) } catch { return .failure(error) }
            }
            if inParallel { return try await concurrently(requests.count, load) }
            var results: [Result<(Data, HTTPResponse), any Error>] = []
            for index in requests.indices { results.append(await load(index)) }
            return results
        }
        return (live, recorder.archive())
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

/// `HARReplayMatching`: query items left out of the comparison, and bodies compared.
struct HARReplayMatchingTests {
    @Test func anIgnoredQueryItemMatchesAnyValueOrNone() async throws {
        let sut = try makeSUT(
            [entry(url: "http://h/v1/resource?page=1&nonce=abc")], HARReplayMatching(ignoredQueryItems: ["nonce"]))

        let other = TestRequest(queryParameter: ["page": "1", "nonce": "xyz"])
        let without = TestRequest(queryParameter: ["page": "1"])
        #expect(try await sut.load(request: other).0 == Data("ok".utf8))
        #expect(try await sut.load(request: without).0 == Data("ok".utf8))
        await #expect(throws: HARReplayError.self) {
            try await sut.load(request: TestRequest(queryParameter: ["page": "2", "nonce": "abc"]))
        }
    }

    @Test func comparedBodiesTellTwoPostsToOnePathApart() async throws {
        let sut = try makeSUT(
            [entry(method: "POST", body: "first", text: "1"), entry(method: "POST", body: "second", text: "2")],
            HARReplayMatching(comparesBodies: true))

        #expect(try await sut.load(request: post("second")).0 == Data("2".utf8))
        #expect(try await sut.load(request: post("first")).0 == Data("1".utf8))
        await #expect(throws: HARReplayError.self) { try await sut.load(request: post("third")) }
    }

    @Test func bodiesAreNotComparedByDefault() async throws {
        let sut = try makeSUT([entry(method: "POST", body: "first", text: "1")], HARReplayMatching())

        #expect(try await sut.load(request: post("other")).0 == Data("1".utf8))
    }

    @Test func jsonBodiesCompareAsValuesAndARedactedFieldMatchesAnyValue() async throws {
        let sut = try makeSUT(
            [entry(method: "POST", body: #"{"n":1,"password":"[redacted]","tags":["a","b"]}"#, text: "json")],
            HARReplayMatching(comparesBodies: true))

        let reordered = post(#"{ "tags": ["a", "b"], "password": "hunter2", "n": 1 }"#)
        #expect(try await sut.load(request: reordered).0 == Data("json".utf8))
        await #expect(throws: HARReplayError.self) {
            try await sut.load(request: post(#"{"n":2,"password":"hunter2","tags":["a","b"]}"#))
        }
    }

    @Test func aRecordedBodyTheRecorderLeftOutMatchesAnyBody() async throws {
        var recorded = entry(method: "POST", body: nil, text: "stored")
        recorded.request.postData = HARPostData(mimeType: "", text: "", encoding: nil, comment: "not recorded")
        let sut = try makeSUT([recorded], HARReplayMatching(comparesBodies: true))

        #expect(try await sut.load(request: post("anything")).0 == Data("stored".utf8))
    }

    @Test func aStreamedRequestComparesItsBodyInMemory() async throws {
        let sut = try makeSUT(
            [entry(method: "POST", body: "first", text: "1"), entry(method: "POST", body: "second", text: "2")],
            HARReplayMatching(comparesBodies: true))

        let received = try await sut.stream(
            request: TestRequest(method: .post), body: HTTPBody(Data("second".utf8)), progress: nil
        ) { _, body in try await body.collect(upTo: 100) }

        #expect(received == Data("2".utf8))
    }

    @Test func aMissNamesTheDifferingQueryItemsAndBody() async throws {
        let sut = try makeSUT(
            [
                entry(method: "POST", url: "http://h/v1/resource?page=1&site=so", body: #"{"n":1}"#),
                entry(url: "http://h/v1/other"),
            ], HARReplayMatching(comparesBodies: true))

        let error = await #expect(throws: HARReplayError.self) {
            try await sut.load(
                request: TestRequest(
                    method: .post, queryParameter: ["page": "2", "site": "so", "tagged": "swift"],
                    body: Data(#"{"n":2}"#.utf8)))
        }

        #expect(error?.nearest == "POST http://h/v1/resource?page=1&site=so")
        #expect(
            error?.differences == [
                "query page=2 where the archive has page=1", "query tagged=swift where the archive has no tagged",
                #"body {"n":2} where the archive has {"n":1}"#,
            ])
        #expect(
            error?.description.hasSuffix(
                #"which differs in query page=2 where the archive has page=1; "#
                    + #"query tagged=swift where the archive has no tagged; body {"n":2} where the archive has {"n":1}"#
            ) == true)
    }

    private func post(_ body: String) -> TestRequest {
        TestRequest(method: .post, body: Data(body.utf8))
    }

    private func makeSUT(_ entries: [HAREntry], _ matching: HARReplayMatching) throws -> HARReplayClient {
        let archive = HARArchive(log: HARLog(creator: HARCreator(name: "tests", version: "1"), entries: entries))
        return try HARReplayClient(document: archive, matching: matching)
    }

    private func entry(
        method: String = "GET", url: String = "http://h/v1/resource", body: String? = nil, text: String = "ok"
    ) -> HAREntry {
        HAREntry(
            startedDateTime: "2026-11-20T09:15:02.117Z", time: 1,
            request: HARRequest(
                method: method, url: url, postData: body.map { HARPostData(mimeType: "", text: $0) },
                bodySize: body?.utf8.count ?? 0),
            response: HARResponse(
                status: 200, statusText: "", content: HARContent(size: text.utf8.count, mimeType: "", text: text),
                bodySize: -1),
            timings: HARTimings(send: -1, wait: 1, receive: -1))
    }
}

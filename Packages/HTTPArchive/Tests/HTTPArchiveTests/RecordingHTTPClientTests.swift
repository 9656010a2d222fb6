import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientTestSupport
import Testing

struct RecordingHTTPClientTests {
    @Test func recordsTheRequestAsSentWithItsAbsoluteURL() async throws {
        let (sut, recorder, _) = try makeSUT(replies: [.status(200, body: "ok")])
        let request = TestRequest(
            method: .post, path: "questions/42", version: "2.3", headers: ["Content-Type": "application/json"],
            queryParameter: ["site": "stackoverflow", "order": "desc"], body: Data(#"{"a":1}"#.utf8))

        try await sut.load(request: request)

        let entry = try onlyEntry(of: recorder)
        #expect(entry.request.method == "POST")
        #expect(entry.request.url == "https://api.example.com/api/2.3/questions/42?order=desc&site=stackoverflow")
        #expect(
            entry.request.queryString == [
                .init(name: "order", value: "desc"), .init(name: "site", value: "stackoverflow"),
            ])
        #expect(value("content-type", in: entry.request.headers) == "application/json")
        #expect(entry.request.postData == HARPostData(mimeType: "application/json", text: #"{"a":1}"#))
        #expect(entry.request.bodySize == 7)
    }

    @Test func recordsTheResponseAndPassesItOnUnchanged() async throws {
        let headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", "X-Id": "7"]
        let (sut, recorder, _) = try makeSUT(replies: [.status(404, body: "missing", headers: headers)])

        let (data, response) = try await sut.load(request: TestRequest())

        #expect(data == Data("missing".utf8))
        #expect(response == HTTPResponse(statusCode: 404, headers: headers))
        let recorded = try onlyEntry(of: recorder).response
        #expect(recorded.status == 404 && recorded.statusText == "Not Found")
        #expect(recorded.content == HARContent(size: 7, mimeType: "text/plain; charset=utf-8", text: "missing"))
        #expect(value("X-Id", in: recorded.headers) == "7")
    }

    @Test func writesBodiesThatAreNotUTF8AsBase64() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE])
        let (sut, recorder, _) = try makeSUT(replies: [.response(bytes, HTTPResponse(statusCode: 200))])

        try await sut.load(request: TestRequest(method: .put, body: Data([0xC3, 0x28])))

        let entry = try onlyEntry(of: recorder)
        #expect(entry.response.content.encoding == "base64")
        #expect(entry.response.content.text == bytes.base64EncodedString())
        #expect(entry.response.content.size == bytes.count)
        #expect(entry.request.postData?.encoding == "base64")
        #expect(entry.request.postData?.text == Data([0xC3, 0x28]).base64EncodedString())
    }

    @Test func recordsAFailureWithStatusZeroAndTheErrorThenRethrowsIt() async throws {
        let failure = HTTPTransportError.cannotConnect(underlying: TestFailure("refused"))
        let (sut, recorder, _) = try makeSUT(replies: [.failure(failure)])

        let thrown = await #expect(throws: HTTPTransportError.self) { try await sut.load(request: TestRequest()) }
        #expect(thrown?.matches(failure) == true)

        let entry = try onlyEntry(of: recorder)
        #expect(entry.response.status == 0)
        #expect(entry.error == failure.description)
        #expect(entry.transportError == HARTransportFailure(kind: "cannotConnect", message: "refused"))
    }

    @Test func writesTheStandardFieldsWithUnknownTimingsAsMinusOne() async throws {
        let (sut, recorder, _) = try makeSUT(replies: [.status(200)])

        try await sut.load(request: TestRequest())

        let archive = try document(of: recorder)
        #expect(archive.log.version == "1.2")
        #expect(archive.log.creator.name == "HTTPArchive")
        let entry = try #require(archive.log.entries.first)
        #expect(entry.timings.send == -1 && entry.timings.receive == -1)
        #expect(entry.timings.wait >= 0 && entry.time == entry.timings.wait)
        #expect(ISO8601DateFormatter.withFractionalSeconds.date(from: entry.startedDateTime) != nil)
        let json = try #require(String(data: recorder.archive(), encoding: .utf8))
        for field in ["\"cache\" : {", "\"headersSize\" : -1", "\"httpVersion\"", "\"cookies\" : ["] {
            #expect(json.contains(field), "missing \(field)")
        }
    }

    @Test func keepsEntriesInStartOrderWhateverOrderTheyFinishIn() async throws {
        let first = Gate()
        let (sut, recorder, client) = try makeSUT(replies: [.after(first, .status(200, body: "first"))])
        await client.enqueue(.status(200, body: "second"))

        async let slow = sut.load(request: TestRequest(path: "first"))
        await client.waitForRequests(count: 1)
        try await sut.load(request: TestRequest(path: "second"))
        #expect(recorder.entryCount == 1, "an exchange in flight is not in the archive yet")
        await first.open()
        _ = try await slow

        let urls = try document(of: recorder).log.entries.map(\.request.url)
        #expect(urls == ["https://api.example.com/api/v1/first", "https://api.example.com/api/v1/second"])
    }

    @Test func recordsEveryOneOfManyConcurrentRequests() async throws {
        let (sut, recorder, _) = try makeSUT(replies: [])

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { try await sut.load(request: TestRequest(path: "item/\(index)")) }
            }
            try await group.waitForAll()
        }

        let paths = Set(try document(of: recorder).log.entries.map(\.request.url))
        #expect(paths.count == 50)
        #expect(recorder.entryCount == 50)
    }

    @Test func chainsSharingARecorderWriteOneArchive() async throws {
        let recorder = HARRecorder()
        let api = ScriptedHTTPClient(handler: { _ in (Data(), HTTPResponse(statusCode: 200)) })
        let images = ScriptedHTTPClient(handler: { _ in (Data(), HTTPResponse(statusCode: 200)) })

        try await api.recording(to: recorder, baseURL: try url("http://api.test")).load(request: TestRequest())
        try await images.recording(to: recorder, baseURL: try url("http://cdn.test/img"))
            .load(request: TestRequest(path: "a.png", version: ""))

        let urls = try document(of: recorder).log.entries.map(\.request.url)
        #expect(urls == ["http://api.test/v1/resource", "http://cdn.test/img/a.png"])
    }

    @Test func leavesOutWholeBodiesWhenAskedTo() async throws {
        let client = ScriptedHTTPClient(replies: [.status(200, body: "the-stored-token")])
        let recorder = HARRecorder()
        let sut = client.recording(to: recorder, baseURL: try url("http://token.test"), redactingBodies: true)

        try await sut.load(request: TestRequest(method: .post, body: Data("new-token".utf8)))

        let entry = try onlyEntry(of: recorder)
        #expect(entry.request.postData?.text == "")
        #expect(entry.request.postData?.comment?.contains("not recorded") == true)
        #expect(entry.response.content.text == nil)
        #expect(entry.response.content.comment?.contains("not recorded") == true)
        #expect(entry.response.content.size == 16)
        #expect(!String(decoding: recorder.archive(), as: UTF8.self).contains("token\""))
    }

    @Test func releasesTheClientAfterUse() async throws {
        func useAndDrop() async throws -> (WeakReference<ScriptedHTTPClient>, WeakReference<HARRecorder>) {
            let (sut, recorder, client) = try makeSUT(replies: [.status(200)])
            try await sut.load(request: TestRequest())
            return (WeakReference(client), WeakReference(recorder))
        }

        let (client, recorder) = try await useAndDrop()
        #expect(client.object == nil)
        #expect(recorder.object == nil)
    }

    private func makeSUT(replies: [Reply]) throws -> (
        sut: any HTTPClient, recorder: HARRecorder, client: ScriptedHTTPClient
    ) {
        let client = ScriptedHTTPClient(replies: replies) { _ in (Data(), HTTPResponse(statusCode: 200)) }
        let recorder = HARRecorder()
        return (client.recording(to: recorder, baseURL: try url("https://api.example.com/api/")), recorder, client)
    }
}

extension ISO8601DateFormatter {
    fileprivate static var withFractionalSeconds: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}

import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// The wait for a stream's response head starts once its request body has been sent.
struct TimeoutHTTPClientUploadTests {
    @Test func aSlowUploadAnsweredPromptlyAfterItsLastByteSucceedsWhateverItTook() async throws {
        let clock = TestClock.stepping()
        let upload = ScriptedUpload(chunks: 6)
        let sut = UploadingHTTPClient(answers: true)
            .timingOut(after: .seconds(5), idle: .seconds(2), clock: clock)

        let transfer = Task {
            try await sut.streamText(TestRequest(method: .post), body: upload.body, progress: upload.report)
        }
        for _ in 0..<6 {
            await upload.sendNextChunk()
            clock.advance(by: .milliseconds(1_500))  // each step within the idle time; 9 s in all, past the 5 s
        }
        upload.finish()

        #expect(try await transfer.value == "answered")
    }

    @Test func aServerThatNeverAnswersAfterTheBodyTimesOutWaitingForTheResponse() async throws {
        let clock = TestClock.stepping()
        let upload = ScriptedUpload(chunks: 2)
        let sut = UploadingHTTPClient(answers: false)
            .timingOut(after: .seconds(5), idle: .seconds(3), clock: clock)

        let transfer = Task {
            try await sut.streamText(TestRequest(method: .post), body: upload.body, progress: upload.report)
        }
        for _ in 0..<2 {
            await upload.sendNextChunk()
            clock.advance(by: .milliseconds(2_500))  // 5 s of upload: the head's 5 s start after it
        }
        upload.finish()
        clock.advance(by: .seconds(5))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .seconds(5)))) == true)
    }

    @Test func anUploadThatStallsLongerThanTheIdleTimeTimesOut() async throws {
        let clock = TestClock.stepping()
        let upload = ScriptedUpload(chunks: 2)
        let sut = UploadingHTTPClient(answers: true)
            .timingOut(after: .seconds(60), idle: .seconds(2), clock: clock)

        let transfer = Task {
            try await sut.streamText(TestRequest(method: .post), body: upload.body, progress: upload.report)
        }
        await upload.sendNextChunk()
        clock.advance(by: .seconds(2))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        let stall = TimeoutError(duration: .seconds(2), waitingFor: .requestBody)
        #expect(thrown?.matches(.timedOut(underlying: stall)) == true)
        #expect(thrown?.underlyingDescription == "no request body bytes sent within 2 s")
        upload.finish()
    }

    @Test func aClientBelowThatReportsNoProgressIsBoundedByTheDuration() async throws {
        let clock = TestClock.stepping()
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let sut = UploadingHTTPClient(answers: false, reportsProgress: false, started: start)
            .timingOut(after: .seconds(5), idle: .seconds(2), clock: clock)

        let transfer = Task {
            try await sut.streamText(TestRequest(method: .post), body: HTTPBody(Data("up".utf8)), progress: nil)
        }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        clock.advance(by: .seconds(5))

        let thrown = await #expect(throws: HTTPTransportError.self) { try await transfer.value }
        #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .seconds(5)))) == true)
    }
}

/// A single-pass request body of one-byte chunks the test hands over one at a time, and the progress closure
/// that tells the test each chunk was reported sent.
private struct ScriptedUpload: Sendable {
    let body: HTTPBody
    let report: @Sendable (HTTPTransferProgress) -> Void
    private let feed: AsyncStream<Data>.Continuation
    private let reports: AsyncStream<Int64>

    init(chunks: Int) {
        let (stream, feed) = AsyncStream.makeStream(of: Data.self)
        let (reports, reported) = AsyncStream.makeStream(of: Int64.self)
        body = HTTPBody(stream, length: .known(Int64(chunks)))
        report = { reported.yield($0.bytesSent) }
        self.feed = feed
        self.reports = reports
    }

    /// Hands over the next chunk and returns once the client reported it sent.
    func sendNextChunk() async {
        feed.yield(Data("x".utf8))
        var iterator = reports.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// Ends the body.
    func finish() {
        feed.finish()
    }
}

/// Reads the request body as a transport sends it, reporting each chunk as sent (unless told not to), then
/// answers at once, or never (until cancelled).
private struct UploadingHTTPClient: HTTPClient {
    let answers: Bool
    var reportsProgress = true
    /// Told when a stream starts.
    var started: AsyncStream<Void>.Continuation?

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        throw TestFailure("only stream is scripted")
    }

    func stream<Result: Sendable>(
        request: any HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        started?.yield()
        var expected: Int64?
        if case .known(let count)? = body?.length { expected = count }
        var sent: Int64 = 0
        for try await chunk in body ?? HTTPBody(Data()) {
            sent += Int64(chunk.count)
            if reportsProgress { progress?(HTTPTransferProgress(bytesSent: sent, bytesExpectedToSend: expected)) }
        }
        guard answers else {
            try await Gate().wait()
            throw TestFailure("the gate never opens")
        }
        return try await receive(HTTPResponse(statusCode: 200), HTTPBody(Data("answered".utf8)))
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// Stored and in-memory answers handed to a streaming caller, with progress.
struct StreamDeliveryTests {
    @Test func aStoredAnswerIsServedInChunksWithItsOutcome() async throws {
        let stored: StoredAnswer = (EntryFixtures.entry(), scriptedBody(["bo", "dy"]))

        let (chunks, response) = try await StreamDelivery.serve(
            stored, at: EntryFixtures.date(after: 61), progress: nil
        ) { response, body in
            var chunks: [Data] = []
            for try await chunk in body { chunks.append(chunk) }
            return (chunks, response)
        }

        #expect(chunks == [Data("bo".utf8), Data("dy".utf8)])
        #expect(HTTPCacheOutcome(response) == .stale && response.headers?["Age"] == "61")
    }

    @Test func anExplicitOutcomeIsReported() async throws {
        let stored: StoredAnswer = (EntryFixtures.entry(), scriptedBody(["body"]))

        let response = try await StreamDelivery.serve(
            stored, .revalidated, at: EntryFixtures.arrival, progress: nil
        ) { response, _ in response }

        #expect(HTTPCacheOutcome(response) == .revalidated)
    }

    @Test func aHeldAnswerIsDeliveredWholeWithOneReport() async throws {
        let reports = RecordedValues<HTTPTransferProgress>()
        let report: @Sendable (HTTPTransferProgress) -> Void = { reports.append($0) }

        let body = try await StreamDelivery.deliver(
            (Data("abc".utf8), HTTPResponse(statusCode: 200)), progress: report
        ) { _, body in try await body.collect(upTo: 10) }

        #expect(body == Data("abc".utf8))
        #expect(reports.values == [HTTPTransferProgress(bytesReceived: 3, bytesExpectedToReceive: 3)])
    }

    @Test func readingReportsBeforeTheFirstChunkAndAfterEach() async throws {
        let reports = RecordedValues<HTTPTransferProgress>()

        let body = StreamDelivery.reporting(scriptedBody(["ab", "c"]), to: { reports.append($0) })
        _ = try await body.collect(upTo: 10)

        #expect(reports.values.map(\.bytesReceived) == [0, 2, 3])
        #expect(reports.values.allSatisfy { $0.bytesExpectedToReceive == 3 })
    }
}

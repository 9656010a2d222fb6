import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("ResponseBodyBuffer: the spill file's size limit and stall timeout")
struct ResponseBodyBufferBoundsTests {
    @Test("bytes that would grow the spill file past its limit fail the body and remove the file")
    func fullSpillFileFails() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let observed = RecordedValues<HTTPTransportError>()
        let bounds = ResponseBodyBuffer.SpillBounds(maximumBytes: 8, stallTimeout: 3_600)
        let sut = ResponseBodyBuffer(
            limits: .init(memory: 2, overflow: .spill(directory: scratch.url, bounds: bounds)),
            failureObserver: { observed.append($0) })

        #expect(sut.append(Data(repeating: 1, count: 2)) == nil)
        #expect(sut.append(Data(repeating: 2, count: 8)) == nil)
        let failure = sut.append(Data(repeating: 3, count: 1))

        #expect(failure?.kind == .other)
        #expect(cause(of: failure) == .spillLimitReached(limit: 8))
        #expect(observed.count == 1)
        #expect(try scratch.contents().isEmpty)
        let error = await #expect(throws: HTTPTransportError.self) { try await sut.next() }
        #expect(cause(of: error) == .spillLimitReached(limit: 8))
    }

    @Test("a reader that stops reading while the spill file holds bytes fails the body and stops the producer")
    func stalledReaderFails() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let (failures, failed) = AsyncStream.makeStream(of: HTTPTransportError.self)
        let stops = RecordedValues<Int>()
        let bounds = ResponseBodyBuffer.SpillBounds(maximumBytes: 1_024, stallTimeout: 0.05)
        let sut = ResponseBodyBuffer(
            limits: .init(memory: 2, overflow: .spill(directory: scratch.url, bounds: bounds)),
            failureObserver: { failed.yield($0) })
        sut.attach(.init(pause: {}, resume: {}, stop: { stops.append(1) }))

        _ = sut.append(Data(repeating: 1, count: 2))
        _ = sut.append(Data(repeating: 2, count: 4))
        var iterator = failures.makeAsyncIterator()
        let failure = await iterator.next()

        #expect(failure?.kind == .timedOut)
        #expect(cause(of: failure) == .readerStalled(seconds: 0.05))
        #expect(stops.count == 1)
        #expect(try scratch.contents().isEmpty)
        let error = await #expect(throws: HTTPTransportError.self) { try await sut.next() }
        #expect(error?.kind == .timedOut)
    }

    private func cause(of error: (any Error)?) -> URLSessionClient.TransferError? {
        switch error as? HTTPTransportError {
        case .other(let underlying)?, .timedOut(let underlying)?: underlying as? URLSessionClient.TransferError
        default: nil
        }
    }
}

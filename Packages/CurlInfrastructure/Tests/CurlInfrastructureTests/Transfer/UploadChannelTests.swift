import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

@testable import CurlInfrastructure

@Suite("UploadChannel")
struct UploadChannelTests {
    /// A channel whose `resume` calls arrive as a sequence, the way the loop would get them.
    private struct Harness {
        let channel: UploadChannel
        var resumes: AsyncStream<Void>.Iterator

        init(_ body: HTTPBody) {
            let (resumes, signal) = AsyncStream.makeStream(of: Void.self)
            channel = UploadChannel(body) { signal.yield() }
            self.resumes = resumes.makeAsyncIterator()
        }

        func read(capacity: Int = 3) -> (UploadChannel.Read, Data) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
            defer { buffer.deallocate() }
            let read = channel.read(into: buffer)
            guard case .bytes(let count) = read else { return (read, Data()) }
            return (read, Data(buffer.prefix(count)))
        }

        /// Every byte of the current pass; a pause waits for the pump's `resume`, as the loop does.
        mutating func readUntilEnd() async throws -> Data {
            var data = Data()
            while true {
                let (read, bytes) = read()
                switch read {
                case .bytes: data.append(bytes)
                case .end: return data
                case .pause: _ = await resumes.next()
                case .abort(let error): throw error
                }
            }
        }
    }

    @Test("an empty buffer pauses the read; the pump's bytes resume it, and the end follows them")
    func pauseAndResume() async throws {
        let body = HTTPBody(Data("hello".utf8))
        var harness = Harness(body)

        let (first, _) = harness.read()
        let pump = Task { [channel = harness.channel] in await channel.pump(body) }
        _ = await harness.resumes.next()
        let rest = try await harness.readUntilEnd()
        harness.channel.close()
        await pump.value

        guard case .pause = first else {
            Issue.record("expected a pause, got \(first)")
            return
        }
        #expect(rest == Data("hello".utf8))
    }

    @Test("a restart reads a replayable body again from its start")
    func restart() async throws {
        let body = HTTPBody(Data("again and again".utf8))
        var harness = Harness(body)
        let pump = Task { [channel = harness.channel] in await channel.pump(body) }

        let first = try await harness.readUntilEnd()
        harness.channel.restart()
        let second = try await harness.readUntilEnd()
        harness.channel.close()
        await pump.value

        #expect(first == Data("again and again".utf8))
        #expect(second == Data("again and again".utf8))
    }

    @Test("a body that fails makes the read abort with the body's error")
    func failure() async throws {
        let body = HTTPBody(AsyncStream<Data> { $0.finish() }, length: .known(3))
        var harness = Harness(body)

        let (first, _) = harness.read()
        let pump = Task { [channel = harness.channel] in await channel.pump(body) }
        _ = await harness.resumes.next()
        let (outcome, _) = harness.read()
        harness.channel.close()
        await pump.value

        guard case .pause = first, case .abort(let error) = outcome,
            case .lengthMismatch(3, 0) = error as? HTTPBodyError
        else {
            Issue.record("expected a pause, then an abort with lengthMismatch; got \(first), \(outcome)")
            return
        }
    }

    @Test("a sequence that ends because the pump was cancelled aborts the upload instead of ending it")
    func cancelledPump() async throws {
        let (chunks, _) = AsyncStream.makeStream(of: Data.self)
        let body = HTTPBody(chunks, length: .unknown)
        var harness = Harness(body)

        let (first, _) = harness.read()
        let pump = Task { [channel = harness.channel] in await channel.pump(body) }
        pump.cancel()
        _ = await harness.resumes.next()
        let (outcome, _) = harness.read()
        harness.channel.close()
        await pump.value

        guard case .pause = first, case .abort(let error) = outcome,
            (error as? HTTPTransportError)?.kind == .cancelled
        else {
            Issue.record("expected a pause, then an abort with cancelled; got \(first), \(outcome)")
            return
        }
    }
}

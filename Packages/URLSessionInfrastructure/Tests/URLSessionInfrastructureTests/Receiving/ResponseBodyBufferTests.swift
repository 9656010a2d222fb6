import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

@Suite("ResponseBodyBuffer: memory, spill file and pausing")
struct ResponseBodyBufferTests {
    @Test("bytes past the memory limit go to a spill file and come out in order; the end removes the file")
    func spillsInOrder() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let sut = ResponseBodyBuffer(limits: .init(memory: 10, overflow: .spill(directory: scratch.url)))
        let chunks = (0..<10).map { Data(repeating: UInt8($0), count: 4) }

        for chunk in chunks.prefix(6) { #expect(sut.append(chunk) == nil) }
        let spilledWhileBehind = try scratch.contents().count
        var read = try await readChunks(sut, count: 3)  // two from memory, then the whole file
        for chunk in chunks.dropFirst(6) { #expect(sut.append(chunk) == nil) }
        sut.finish()
        read += try await readAll(sut)

        #expect(spilledWhileBehind == 1)
        #expect(read == Data(chunks.joined()))
        #expect(try scratch.contents().isEmpty)
    }

    @Test("a reader waiting for bytes gets them once they arrive")
    func readerWaits() async throws {
        let sut = ResponseBodyBuffer(limits: .init(memory: 10, overflow: .pause(resumeBelow: 2)))
        let reader = Task { try await sut.next() }

        _ = sut.append(Data("late".utf8))

        #expect(try await reader.value == Data("late".utf8))
    }

    @Test("a failure drops the bytes held, removes the spill file, and the reader gets the error")
    func failureRemovesFile() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let sut = ResponseBodyBuffer(limits: .init(memory: 2, overflow: .spill(directory: scratch.url)))
        _ = sut.append(Data(repeating: 1, count: 8))
        let spilled = try scratch.contents().count

        sut.fail(HTTPTransportError.connectionLost(underlying: TestFailure("dropped")))

        #expect(spilled == 1)
        #expect(try scratch.contents().isEmpty)
        let error = await #expect(throws: HTTPTransportError.self) { try await sut.next() }
        #expect(error?.kind == .connectionLost)
    }

    @Test("close removes the spill file, ignores later bytes, and reads throw cancelled")
    func closeRemovesFile() async throws {
        let scratch = try TemporaryDirectory(prefix: "urlsession-tests")
        defer { scratch.remove() }
        let sut = ResponseBodyBuffer(limits: .init(memory: 2, overflow: .spill(directory: scratch.url)))
        _ = sut.append(Data(repeating: 1, count: 8))

        sut.close()
        #expect(sut.append(Data(repeating: 2, count: 8)) == nil)

        #expect(try scratch.contents().isEmpty)
        let error = await #expect(throws: HTTPTransportError.self) { try await sut.next() }
        #expect(error?.kind == .cancelled)
    }

    @Test("a cancelled reader stops waiting with cancelled")
    func cancelledReader() async throws {
        let sut = ResponseBodyBuffer(limits: .init(memory: 10, overflow: .pause(resumeBelow: 2)))
        let reader = Task { try await sut.next() }

        reader.cancel()

        let error = await #expect(throws: HTTPTransportError.self) { try await reader.value }
        #expect(error?.kind == .cancelled)
    }

    @Test("past the limit the producer is paused once, and resumed when the reader is down to the low mark")
    func pausesByWatermarks() async throws {
        let events = RecordedValues<String>()
        let sut = ResponseBodyBuffer(limits: .init(memory: 10, overflow: .pause(resumeBelow: 4)))
        sut.attach(.init(pause: { events.append("pause") }, resume: { events.append("resume") }, stop: {}))

        _ = sut.append(Data(repeating: 1, count: 6))
        let beforeLimit = events.values
        _ = sut.append(Data(repeating: 2, count: 6))
        _ = sut.append(Data(repeating: 3, count: 6))
        let pastLimit = events.values
        _ = try await readChunks(sut, count: 2)
        let aboveLowMark = events.values
        _ = try await readChunks(sut, count: 1)

        #expect(beforeLimit.isEmpty)
        #expect(pastLimit == ["pause"])
        #expect(aboveLowMark == ["pause"])
        #expect(events.values == ["pause", "resume"])
    }

    private func readChunks(_ buffer: ResponseBodyBuffer, count: Int) async throws -> Data {
        var data = Data()
        for _ in 0..<count {
            guard let chunk = try await buffer.next() else { break }
            data.append(chunk)
        }
        return data
    }

    private func readAll(_ buffer: ResponseBodyBuffer) async throws -> Data {
        var data = Data()
        while let chunk = try await buffer.next() { data.append(chunk) }
        return data
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import URLSessionInfrastructure

#if canImport(FoundationNetworking)
    import FoundationNetworking

    @Suite("URLSessionClient: stream memory bound")
    struct URLSessionClientStreamBoundTests {
        @Test("bytes delivered faster than the delegate takes them are on disk, not waiting in memory")
        func deliveredFasterThanTheDelegate() async throws {
            let piece = Data(repeating: 7, count: 16 * 1024)
            let count = 256
            let memoryLimit = 64 * 1024
            let stub = StubbedHost(.respondInPieces(piece: piece, count: count))
            let sut = URLSessionClient(baseURL: stub.baseURL, session: URLProtocolStub.session)
            let queue = try #require(sut.transport.delegateQueue as? BoundedDelegateQueue)
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let checked = Gate()
            // The delegate is held until the session's thread waits for room, or until the check below is done.
            let release = DispatchSemaphore(value: 0)
            queue.observeWaits { release.signal() }
            queue.addOperation { release.wait() }

            let stream = Task {
                try await sut.stream(
                    request: TestRequest(), body: nil, progress: nil,
                    buffering: StreamBuffering(directory: directory, memoryLimit: memoryLimit)
                ) { _, body in
                    try await checked.wait()
                    var read = 0
                    for try await chunk in body {
                        #expect(chunk.allSatisfy { $0 == 7 })
                        read += chunk.count
                    }
                    return read
                }
            }
            try await stub.delivered.wait()
            let spilled = try spillFileSize(in: directory)
            release.signal()
            await checked.open()

            // All but the pieces the delegate queue may hold and the memory limit went to the spill file.
            #expect(spilled >= piece.count * (count - BoundedDelegateQueue.standardCapacity) - memoryLimit)
            #expect(try await stream.value == piece.count * count)
        }

        private func temporaryDirectory() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("StreamBound-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        /// The size of the one spill file in `directory`, or 0 when there is none.
        private func spillFileSize(in directory: URL) throws -> Int {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            guard let name = names.first(where: { $0.hasSuffix(".body") }) else { return 0 }
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            return (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
    }
#endif

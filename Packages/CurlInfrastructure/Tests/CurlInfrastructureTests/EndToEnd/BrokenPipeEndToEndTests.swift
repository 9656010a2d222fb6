import CurlInfrastructure
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A write to a connection the peer closed never ends the process: libcurl runs with `CURLOPT_NOSIGNAL` and
/// sends with `MSG_NOSIGNAL`, so `SIGPIPE` is never raised, and the library leaves the process's signal
/// dispositions as they are. The test process keeps `SIGPIPE`'s default action, which ends it.
@Suite("CurlClient end to end: a peer that closes during an upload")
struct BrokenPipeEndToEndTests {
    @Test("a large upload to a server that closes the connection throws, and the process lives on")
    func uploadToClosedConnection() async throws {
        #expect(Self.pipeSignalEndsTheProcess, "this test proves nothing where SIGPIPE is ignored")
        let server = try ClosingMidUploadServer()
        let client = try CurlClient(baseURL: server.baseURL)
        let body = Data(count: 64 * 1024 * 1024)

        for _ in 0..<3 {
            await #expect(throws: HTTPTransportError.self) {
                try await client.load(request: devRequest(.post, "upload", body: body))
            }
        }
        #expect(Self.pipeSignalEndsTheProcess)
    }

    /// Whether `SIGPIPE` has its default action (ending the process), read without changing it.
    private static var pipeSignalEndsTheProcess: Bool {
        #if canImport(Glibc)
            var current = sigaction()
            guard sigaction(SIGPIPE, nil, &current) == 0 else { return false }
            return current.__sigaction_handler.sa_handler == nil
        #else
            return true
        #endif
    }
}

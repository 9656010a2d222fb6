import Dispatch
import Foundation
import HTTPCaching
import LoopbackProxy
import URLSessionInfrastructure

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cache-tests-proxy --origin URL [--port N]`: a `CachingHTTPClient` (memory store, default policy) over a
/// `URLSessionClient` for the origin that follows no redirect, served on 127.0.0.1 by `LoopbackProxy`.
///
/// Prints `listening on http://127.0.0.1:PORT` once it accepts connections; SIGTERM or SIGINT stops it (exit 0).
/// A bad command line exits 64, a port that cannot be bound 69.
@main
enum CacheTestsProxy {
    static func main() {
        let options: ProxyOptions
        do {
            options = try ProxyOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail("\(error)\n\(ProxyOptions.usage)", status: 64)
        }
        let proxy: LoopbackProxy
        do {
            let origin = try URLSessionClient(baseURL: options.origin, redirects: .never)
            let cache = CachingHTTPClient(client: origin, store: MemoryHTTPCacheStore(), policy: HTTPCachePolicy())
            proxy = try LoopbackProxy(client: cache, port: options.port)
        } catch {
            fail("\(error)", status: 69)
        }
        // The main thread waits for SIGTERM or SIGINT, then stops the proxy; the loads run on the proxy's threads.
        let stopRequested = DispatchSemaphore(value: 0)
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in stopRequested.signal() }
            source.resume()
            return source
        }
        FileHandle.standardOutput.write(Data("listening on \(proxy.url)\n".utf8))
        stopRequested.wait()
        for source in signals { source.cancel() }
        proxy.stop()
        exit(0)
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("cache-tests-proxy: \(message)\n".utf8))
        exit(status)
    }
}

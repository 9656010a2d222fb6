import Foundation
import HTTPClientSupport

/// A TCP proxy on 127.0.0.1 that forwards every connection to an upstream port on 127.0.0.1 and can cut a
/// connection after a number of bytes sent towards the upstream: a network that drops an upload part way.
///
/// Each accepted connection asks `cutAfter` with its index (0 for the first) how many request bytes it may
/// forward; `nil` forwards everything. A connection that reaches its limit forwards exactly that many bytes,
/// then both of its sockets are shut down without another byte either way: the client sees the connection
/// close or reset mid-request, the upstream sees its peer go away. Each connection runs on two threads of
/// its own, one per direction.
///
/// ```swift
/// let proxy = try CuttingProxy(upstreamPort: server.port) { index in index == 0 ? 1_048_576 : nil }
/// let client = try CurlClient(baseURL: try proxy.baseURL)
/// ```
public final class CuttingProxy: Sendable {
    /// How many request bytes the connection with a given index may forward; `nil` for no limit.
    public typealias CutSchedule = @Sendable (_ connectionIndex: Int) -> Int?

    private let listener: LoopbackListener
    private let state = LockedValue(State())

    private struct State {
        var accepted = 0
        var cut = 0
        var forwarded: Int64 = 0
        var open: [Int: (client: Int32, upstream: Int32)] = [:]
        var stopped = false
    }

    /// Listens on a free loopback port and forwards to `upstreamPort` on 127.0.0.1.
    /// - Parameters:
    ///   - upstreamPort: The port the proxy connects each accepted connection to.
    ///   - cutAfter: The request bytes each connection may forward, by connection index.
    public init(upstreamPort: Int, cutAfter: @escaping CutSchedule = { _ in nil }) throws {
        listener = try LoopbackListener(backlog: 64)
        let listener = listener
        let state = state
        let thread = Thread { Self.serve(listener, upstreamPort: upstreamPort, cutAfter: cutAfter, state: state) }
        thread.start()
    }

    deinit {
        stop()
    }

    /// The listening port.
    public var port: Int { listener.port }

    /// `http://127.0.0.1:PORT/`: the upstream's base URL, reached through the proxy.
    public var baseURL: URL {
        get throws { try listener.baseURL }
    }

    /// The connections accepted so far.
    public var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// The connections cut at their limit so far.
    public var cutConnections: Int { state.withLock { $0.cut } }

    /// The bytes forwarded towards the upstream so far, over every connection.
    public var forwardedRequestBytes: Int64 { state.withLock { $0.forwarded } }

    /// Stops accepting and shuts down every open connection. Calling it again does nothing.
    public func stop() {
        // Under the lock, so no connection closes its sockets (and frees the descriptors) meanwhile.
        state.withLock { state in
            state.stopped = true
            for sockets in state.open.values { Self.cut(sockets) }
        }
        listener.stop()
    }

    private static func serve(
        _ listener: LoopbackListener, upstreamPort: Int, cutAfter: CutSchedule, state: LockedValue<State>
    ) {
        while let client = listener.nextConnection() {
            guard let upstream = try? LoopbackListener.connectedSocket(toPort: upstreamPort) else {
                close(client)
                continue
            }
            let sockets = (client: client, upstream: upstream)
            let index = state.withLock { state -> Int? in
                guard !state.stopped else { return nil }
                defer { state.accepted += 1 }
                state.open[state.accepted] = sockets
                return state.accepted
            }
            guard let index else {
                close(client)
                close(upstream)
                break
            }
            let connection = Connection(index: index, sockets: sockets, state: state)
            let limit = cutAfter(index)
            Thread { connection.pumpRequest(limit: limit) }.start()
            Thread { connection.pumpResponse() }.start()
        }
    }

    /// Shuts down both sockets of a connection, so both of its threads end.
    fileprivate static func cut(_ sockets: (client: Int32, upstream: Int32)) {
        shutdown(sockets.client, Int32(SHUT_RDWR))
        shutdown(sockets.upstream, Int32(SHUT_RDWR))
    }

    /// One proxied connection; the thread that finishes last closes its sockets.
    private final class Connection: Sendable {
        let index: Int
        let client: Int32
        let upstream: Int32
        let state: LockedValue<State>
        private let running = LockedValue(2)

        init(index: Int, sockets: (client: Int32, upstream: Int32), state: LockedValue<State>) {
            self.index = index
            client = sockets.client
            upstream = sockets.upstream
            self.state = state
        }

        /// Client to upstream, cutting the connection once `limit` bytes went through.
        func pumpRequest(limit: Int?) {
            var remaining = limit ?? Int.max
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while remaining > 0 {
                let wanted = min(buffer.count, remaining)
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, wanted, 0) }
                guard count > 0 else {
                    shutdown(upstream, Int32(SHUT_WR))
                    return finish()
                }
                guard LoopbackListener.sendAll(buffer[0..<count], on: upstream) else {
                    CuttingProxy.cut((client, upstream))
                    return finish()
                }
                remaining -= count
                state.withLock { $0.forwarded += Int64(count) }
            }
            state.withLock { $0.cut += 1 }
            CuttingProxy.cut((client, upstream))
            finish()
        }

        /// Upstream to client, until either side ends.
        func pumpResponse() {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
                guard count > 0 else {
                    shutdown(client, Int32(SHUT_WR))
                    return finish()
                }
                guard LoopbackListener.sendAll(buffer[0..<count], on: client) else {
                    CuttingProxy.cut((client, upstream))
                    return finish()
                }
            }
        }

        private func finish() {
            let last = running.withLock { running in
                running -= 1
                return running == 0
            }
            guard last else { return }
            state.withLock { _ = $0.open.removeValue(forKey: index) }
            close(client)
            close(upstream)
        }
    }
}

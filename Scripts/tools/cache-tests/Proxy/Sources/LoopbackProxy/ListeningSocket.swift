import HTTPClient
import HTTPClientSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket listening on 127.0.0.1, whose blocking `accept` another thread can interrupt.
///
/// `accept` waits with `poll` on the socket and on a pipe; ``interrupt()`` writes to the pipe, so the waiting
/// thread returns `nil` on every platform (closing or shutting down a listening socket does not wake `accept`
/// everywhere).
final class ListeningSocket: Sendable {
    /// The port the socket is bound to.
    let port: Int
    private let descriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let isOpen = LockedValue(true)

    /// Binds 127.0.0.1:`port` (0 for a free port) and listens.
    init(port: Int, backlog: Int32 = 128) throws(SocketError) {
        let descriptor = socket(AF_INET, Socket.streamType, 0)
        guard descriptor >= 0 else { throw .last("socket") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let failedCall: String? = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                guard bind(descriptor, address, length) == 0 else { return "bind" }
                guard listen(descriptor, backlog) == 0 else { return "listen" }
                guard getsockname(descriptor, address, &length) == 0 else { return "getsockname" }
                return nil
            }
        }
        if let failed = failedCall {
            let error = SocketError.last(failed)
            Socket.close(descriptor)
            throw error
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let error = SocketError.last("pipe")
            Socket.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
    }

    /// Waits for the next connection; `nil` once ``interrupt()`` was called or the socket failed.
    func accept() -> Int32? {
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if descriptors[1].revents != 0 { return nil }
            guard descriptors[0].revents != 0 else { continue }
            #if canImport(Glibc)
                let connection = Glibc.accept(descriptor, nil, nil)
            #else
                let connection = Darwin.accept(descriptor, nil, nil)
            #endif
            if connection >= 0 { return connection }
            switch errno {
            case EINTR, ECONNABORTED, EAGAIN: continue
            default: return nil
            }
        }
    }

    /// Makes every present and future ``accept()`` return `nil`.
    func interrupt() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Stops listening: connecting to the port is refused from now on. Only the thread that calls ``accept()``
    /// may call it, once that returned `nil`.
    func close() {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            isOpen = false
            Socket.close(descriptor)
        }
    }

    deinit {
        close()
        Socket.close(wakeRead)
        Socket.close(wakeWrite)
    }
}

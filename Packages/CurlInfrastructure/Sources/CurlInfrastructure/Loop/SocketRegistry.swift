import CCurl

/// The sockets libcurl opened for one client and has not closed yet, so a transfer can find its connection's
/// socket by the local port libcurl names (libcurl tells which socket a transfer uses only once it is done).
///
/// Used on the loop thread only, from libcurl's socket callbacks; it lives as long as the multi handle, so a
/// connection kept in libcurl's pool after its transfer still finds it when it closes.
final class SocketRegistry {
    private var sockets: Set<Int32> = []

    /// libcurl opened `socket`.
    func opened(_ socket: Int32) {
        sockets.insert(socket)
    }

    /// Closes `socket` for libcurl; returns what `close` returned.
    func close(_ socket: Int32) -> Int32 {
        sockets.remove(socket)
        return ccurl_socket_close(socket)
    }

    /// The open socket bound to local `port`, if there is one.
    func socket(localPort port: Int) -> Int32? {
        sockets.first { Int(ccurl_socket_local_port($0)) == port }
    }
}

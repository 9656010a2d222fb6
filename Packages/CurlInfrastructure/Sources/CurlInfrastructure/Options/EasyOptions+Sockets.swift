import CCurl
import HTTPClient

extension EasyOptions {
    /// Records the sockets libcurl opens and closes in the registry at `registry`, and each hop's local port in
    /// the transfer at `userData`, so the transfer can look at its connection's send queue.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses an option.
    func trackSockets(registry: UnsafeMutableRawPointer, userData: UnsafeMutableRawPointer) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_SOCKOPTDATA, registry), "SOCKOPTDATA")
        try check(
            ccurl_easy_setopt_sockopt_function(easy) { registry, socket, _ in
                if let registry { Unmanaged<SocketRegistry>.fromOpaque(registry).takeUnretainedValue().opened(socket) }
                return ccurl_sockopt_ok
            }, "SOCKOPTFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_CLOSESOCKETDATA, registry), "CLOSESOCKETDATA")
        try check(
            ccurl_easy_setopt_closesocket_function(easy) { registry, socket in
                guard let registry else { return ccurl_socket_close(socket) }
                return Unmanaged<SocketRegistry>.fromOpaque(registry).takeUnretainedValue().close(socket)
            }, "CLOSESOCKETFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_PREREQDATA, userData), "PREREQDATA")
        try check(
            ccurl_easy_setopt_prereq_function(easy) { userData, _, _, _, localPort in
                if let userData {
                    Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue().localPort = Int(localPort)
                }
                return ccurl_prereqfunc_ok
            }, "PREREQFUNCTION")
    }
}

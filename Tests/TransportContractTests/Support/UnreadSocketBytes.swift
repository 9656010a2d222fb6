import Foundation

/// Bytes that arrived on this machine's IPv4 TCP sockets towards a loopback port and that nobody has read yet
/// (the receive queue), from the kernel's table `/proc/net/tcp` (Linux only).
///
/// A transport that stops reading to hold back a slow consumer leaves the server's bytes waiting here.
enum UnreadSocketBytes {
    /// The unread bytes of every socket whose remote port is `port`; nil where the table cannot be read.
    static func towards(port: Int) -> Int? {
        #if os(Linux)
            guard let handle = FileHandle(forReadingAtPath: "/proc/net/tcp") else { return nil }
            defer { try? handle.close() }
            // Read to the end: the kernel reports the file's size as 0 and serves it a page at a time.
            guard let bytes = try? handle.readToEnd() else { return nil }
            let remotePort = ":" + String(format: "%04X", port)
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().reduce(0) { total, line in
                let fields = line.split(separator: " ")
                guard fields.count > 4, fields[2].hasSuffix(remotePort),
                    let queue = fields[4].split(separator: ":").last, let unread = Int(queue, radix: 16)
                else { return total }
                return total + unread
            }
        #else
            nil
        #endif
    }
}

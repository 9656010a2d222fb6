import Foundation

extension FileHandle {
    /// The next bytes available from the handle (a pipe's or a socket's), at most `count`; empty at the end of
    /// input or when the read fails. A read that a signal interrupts is made again.
    ///
    /// Unlike `availableData`, which stops the process when a read fails (an interrupted one included), this
    /// never traps: a helper that reads a server's output while the test process takes signals stays up.
    public func nextChunk(upTo count: Int = 65_536) -> Data {
        var bytes = [UInt8](repeating: 0, count: max(1, count))
        while true {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(fileDescriptor, buffer.baseAddress, buffer.count)
            }
            if read >= 0 { return Data(bytes.prefix(read)) }
            if errno != EINTR { return Data() }
        }
    }
}

import CommandLineKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct FileDescriptorIOTests {
    @Test func whatIsWrittenToAPipeIsReadBackToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = Array("hello, pipe\n".utf8)

        try FileDescriptorIO.write(bytes, to: ends[1])
        close(ends[1])
        let read = try FileDescriptorIO.readToEnd(ends[0])
        close(ends[0])

        #expect(read == bytes)
    }

    /// -1 is never a descriptor, so no other test's file can be there.
    @Test func anInvalidDescriptorIsAFailureNotACrash() {
        #expect(throws: FileDescriptorIO.Failure(code: EBADF)) { try FileDescriptorIO.write([1], to: -1) }
        #expect(throws: FileDescriptorIO.Failure(code: EBADF)) { try FileDescriptorIO.readToEnd(-1) }
    }

    @Test func aFailureSaysWhatTheSystemSays() {
        #expect(FileDescriptorIO.Failure(code: EPIPE).isBrokenPipe)
        #expect(!FileDescriptorIO.Failure(code: ENOSPC).isBrokenPipe)
        #expect(FileDescriptorIO.Failure(code: ENOSPC).description == String(cString: strerror(ENOSPC)))
    }
}

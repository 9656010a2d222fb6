#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    import HTTPClient
    import HTTPClientSupport

    /// The first `length` bytes of a file as the body stream of an upload, read in the transfer's own callback:
    /// how ``URLSessionClient`` sends a file body on Linux.
    ///
    /// FoundationNetworking reads an `uploadTask(with:fromFile:)` file ahead with `DispatchIO` and pauses libcurl
    /// while a read is pending. A read that lands after the transfer ended (it was cancelled, or the server
    /// answered early) un-pauses a handle that has no connection any more, and the `try!` around libcurl's
    /// `CURLE_BAD_FUNCTION_ARGUMENT` stops the process. A stream body is read synchronously when libcurl asks for
    /// bytes, so the handle is never paused.
    ///
    /// The stream gives exactly `length` bytes and never reads past them. A file that ends sooner, or that cannot
    /// be read, fails the read, which makes libcurl abort the transfer, and leaves the reason in `failure`.
    final class FileBodyStream: InputStream {
        private let file: URL
        private let length: Int64
        private let failure: LockedValue<HTTPBodyError?>
        private var descriptor: Int32 = -1
        private var delivered: Int64 = 0
        private var status = Stream.Status.notOpen
        private var error: HTTPBodyError?

        /// A stream of the first `length` bytes of `file`, which records why it failed in `failure`.
        init(file: URL, length: Int64, failure: LockedValue<HTTPBodyError?>) {
            self.file = file
            self.length = length
            self.failure = failure
            super.init(data: Data())
        }

        deinit {
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
        }

        override func open() {
            guard status == .notOpen else { return }
            descriptor = file.withUnsafeFileSystemRepresentation { path in
                path.map { Glibc.open($0, O_RDONLY | O_CLOEXEC) } ?? -1
            }
            guard descriptor >= 0 else { return fail(.unreadableFile(path: file.path, underlying: Self.lastError())) }
            status = .open
        }

        /// Whether a read is due: while bytes of the body remain, and after a failure, so that the reader's next
        /// read reports it (FoundationNetworking ends the body, as complete, at the first `false`).
        override var hasBytesAvailable: Bool {
            status == .error || (status == .open && delivered < length)
        }

        override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
            guard status == .open else { return -1 }
            let wanted = Int(min(Int64(maxLength), length - delivered))
            guard wanted > 0 else { return 0 }
            var count: Int
            repeat {
                count = Glibc.read(descriptor, buffer, wanted)
            } while count < 0 && errno == EINTR
            if count < 0 {
                fail(.unreadableFile(path: file.path, underlying: Self.lastError()))
                return -1
            }
            if count == 0 {
                fail(.fileChanged(path: file.path))
                return -1
            }
            delivered += Int64(count)
            if delivered == length { closeDescriptor() }  // the file is not needed past its last byte
            return count
        }

        override func close() {
            closeDescriptor()
            if status != .error { status = .closed }
        }

        override var streamStatus: Stream.Status { status }

        override var streamError: (any Error)? { error }

        override func getBuffer(
            _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
        ) -> Bool {
            false
        }

        private func fail(_ reason: HTTPBodyError) {
            error = reason
            status = .error
            closeDescriptor()
            failure.withLock { $0 = $0 ?? reason }
        }

        private func closeDescriptor() {
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
            descriptor = -1
        }

        private static func lastError() -> POSIXError {
            POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    extension URLRequest {
        /// The request sending the first `length` bytes of `file` with a `Content-Length`, from a
        /// ``FileBodyStream`` that records why it failed in `failure`.
        func sendingFile(_ file: URL, length: Int64, failure: LockedValue<HTTPBodyError?>) -> URLRequest {
            var request = self
            request.httpBodyStream = FileBodyStream(file: file, length: length, failure: failure)
            request.setValue(String(length), forHTTPHeaderField: "Content-Length")
            // libcurl sends no header line for a blank value. A blank Transfer-Encoding keeps it from framing the
            // stream in chunks; a blank Content-Type keeps FoundationNetworking from naming a POST stream a form.
            request.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue(" ", forHTTPHeaderField: "Content-Type")
            }
            return request
        }
    }
#endif

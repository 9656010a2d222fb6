import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionClient {
    /// Sends `request` with `body` and hands the response head and a single-pass body to `receive` as the
    /// bytes arrive, in bounded memory whatever the size.
    ///
    /// A file body (`HTTPBody(contentsOf:)`) is uploaded from its own file once its size is found unchanged;
    /// the request's own `Data` body, or another replayable body of known length up to
    /// ``inMemoryUploadLimit`` bytes, goes out from
    /// memory; any other body (a multipart form past that size, with its files) is copied to a temporary file
    /// first and uploaded from it, which takes as much disk again as the body, because FoundationNetworking's
    /// stream upload ends early when a read comes back empty. Either way the known length is checked, and a
    /// file that changes while it is copied fails, before anything is sent. The response body has the
    /// `Content-Length` as its known length unless content-encoded; ``maximumResponseBytes`` does not apply.
    /// On Linux, where FoundationNetworking cannot pause a receive, bytes the reader has not taken wait in
    /// ``streamMemoryLimit`` bytes of memory and then in a temporary file; on Apple platforms the task is
    /// suspended instead. The
    /// transfer stops, and every temporary file is removed, when `receive` returns or throws or the calling
    /// Task is cancelled; only a process killed outright (`SIGKILL`) leaves one behind.
    /// - Parameters:
    ///   - request: The request to send.
    ///   - body: The body to send, or `nil` to send `request.body`.
    ///   - progress: Called with the byte counts as they grow, and once more after the last byte, before this
    ///     returns; or `nil`. It runs one report at a time on a dispatch queue, never on the session's delegate
    ///     queue, and while it runs newer counts replace each other.
    ///   - receive: Reads the response; the body is valid only until it returns.
    /// - Returns: What `receive` returned.
    /// - Throws: `HTTPTransportError` when no HTTP response arrived (`HTTPTransportError.cancelled` when the
    ///   calling Task was cancelled), what reading `body` throws, or what `receive` throws.
    public func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await stream(
            request: request, body: body, progress: progress, buffering: .standard, receive: receive)
    }

    /// ``stream(request:body:progress:receive:)`` with `buffering` choosing the memory limit and the folder
    /// for temporary files.
    func stream<Result: Sendable>(
        request: HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        buffering: StreamBuffering,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        if request.method == .get, let body, body.length != .known(0) {
            throw HTTPTransportError.other(underlying: TransferError.getWithBody)
        }
        let upload = try await UploadSource.make(body: body, data: request.body, directory: buffering.directory)
        defer { upload.removeStagedFile() }
        let urlRequest = try builder.makeURLRequest(for: request, body: upload.content)
        try Task.checkCancellationAsTransportError()
        let reporter = progress.map { TransferProgressReporter(bytesExpectedToSend: upload.length, report: $0) }
        let receiver = StreamReceiver(
            request: urlRequest,
            buffer: ResponseBodyBuffer(limits: buffering.limits, failureObserver: buffering.failureObserver),
            progress: reporter)
        let fileFailure = LockedValue<HTTPBodyError?>(nil)
        do {
            let result = try await run(urlRequest, upload, fileFailure, receiver, receive)
            await reporter?.delivered()
            return result
        } catch {
            await reporter?.delivered()
            // Reading the file failed the transfer: that is the cause, not the transport error it became.
            throw fileFailure.withLock { $0 } ?? error
        }
    }

    /// Runs the task of `request` and hands its response to `receive`; stops the task and closes the buffer
    /// when `receive` returns or throws, or the calling Task is cancelled.
    private func run<Result: Sendable>(
        _ urlRequest: URLRequest, _ upload: UploadSource, _ fileFailure: LockedValue<HTTPBodyError?>,
        _ receiver: StreamReceiver, _ receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let task = CancellationLatch<URLSessionTask>()
        return try await withTaskCancellationHandler {
            defer {
                task.stopTask(delegate: delegate)
                receiver.buffer.close()
            }
            let head: URLResponse
            let response: HTTPResponse
            do {
                head = try await receiver.response {
                    let started = task.startTask(urlRequest, events: receiver, delegate: delegate) {
                        makeTask(urlRequest, upload, fileFailure)
                    }
                    if !started { receiver.failBeforeStart(.cancelled) }
                }
                response = try HTTPResponseMapper.map(head)
            } catch {
                throw TransportErrorMapper.map(error, url: urlRequest.url)
            }
            let length = ResponseBodyLength.of(head, method: urlRequest.httpMethod)
            return try await receive(response, HTTPBody(receiver.buffer.chunks, length: length))
        } onCancel: {
            task.stopTask(delegate: delegate)
        }
    }

    /// A data task, or for a file body a task reading the file, which records why reading it failed in
    /// `fileFailure`.
    ///
    /// On Linux the file goes out as a ``FileBodyStream`` of a data task, never with
    /// `uploadTask(with:fromFile:)`, whose reads ahead stop the process when the transfer ends early.
    private func makeTask(
        _ request: URLRequest, _ upload: UploadSource, _ fileFailure: LockedValue<HTTPBodyError?>
    ) -> URLSessionTask {
        guard case .file(let url) = upload.content else { return transport.dataTask(with: request) }
        #if canImport(FoundationNetworking)
            return transport.dataTask(with: request.sendingFile(url, length: upload.length, failure: fileFailure))
        #else
            return transport.uploadTask(with: request, fromFile: url)
        #endif
    }
}

/// How a streamed response is buffered, and where temporary files go.
struct StreamBuffering: Sendable {
    /// The folder for spill files and staged uploads.
    var directory: URL
    /// The most bytes held in memory before spilling (Linux) or suspending the task (Apple platforms).
    var memoryLimit: Int
    /// The most unread bytes a spill file holds (Linux).
    var spillLimit = URLSessionClient.streamSpillLimit
    /// Seconds the reader may go without reading while its spill file holds bytes (Linux).
    var stallTimeout = URLSessionClient.streamStallTimeout
    /// Told when a body fails on the limits above, after its task was stopped; for tests.
    var failureObserver: (@Sendable (HTTPTransportError) -> Void)? = nil

    /// The system's temporary folder, ``URLSessionClient/streamMemoryLimit``,
    /// ``URLSessionClient/streamSpillLimit`` and ``URLSessionClient/streamStallTimeout``.
    static var standard: StreamBuffering {
        StreamBuffering(
            directory: FileManager.default.temporaryDirectory, memoryLimit: URLSessionClient.streamMemoryLimit)
    }

    /// Spill to ``directory`` on Linux; on Apple platforms suspend the task, resuming at a quarter of the limit.
    var limits: ResponseBodyBuffer.Limits {
        #if canImport(Darwin)
            ResponseBodyBuffer.Limits(memory: memoryLimit, overflow: .pause(resumeBelow: memoryLimit / 4))
        #else
            ResponseBodyBuffer.Limits(
                memory: memoryLimit,
                overflow: .spill(
                    directory: directory,
                    bounds: ResponseBodyBuffer.SpillBounds(maximumBytes: spillLimit, stallTimeout: stallTimeout)))
        #endif
    }
}

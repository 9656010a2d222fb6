import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

/// One transfer on the loop thread: its easy handle for the current hop, the redirect chain, and the sink the
/// final response goes to. Created, used and released on the loop thread only.
final class EasyTransfer {
    let ticket: TransferTicket
    // Loop-thread state, also read and written by the callbacks in EasyTransfer+Callbacks.swift.
    let settings: CurlSettings
    /// The pool's connection settings and share handle, applied to every hop's easy handle.
    private let pool: CurlConnectionPool.Settings
    private let share: CurlShare
    let sink: any ResponseSink
    let progress: TransferProgressReporter?
    /// The client's sockets, where the current hop finds its connection's socket by ``localPort``.
    let sockets: SocketRegistry
    var chain: RedirectChain
    private(set) var request: CurlRequest
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    var parser = ResponseHeadParser()
    /// Set once the current hop's final head was read: hand it to the sink, or follow a redirect.
    var hopDecision: HopDecision?
    /// Why a callback stopped the transfer, if one did.
    var failure: TransferFailure?
    /// Request body bytes of this hop handed to libcurl by the read callback.
    var handedToLibcurl: Int64 = 0
    /// libcurl's count of request body bytes sent on this hop, from the progress callback.
    var uploaded: curl_off_t = 0
    /// Bytes of a followed redirect's own body, which are read to keep the connection and then dropped.
    var redirectBodyBytes = 0
    /// Whether that body was past ``redirectBodyLimit``, so the hop was cut short and is still followed.
    var redirectBodyCut = false
    /// Whether a body callback paused the transfer; a paused transfer waits on the caller, not the server.
    var isPaused = false
    /// When a byte last moved; the transfer times out ``CurlSettings/idleTimeout`` after it.
    var lastActivity = ContinuousClock.now
    /// The local port of the current hop's connection, once libcurl is about to send the request on it.
    var localPort: Int?
    /// The bytes the connection's send queue held at the last look, while the peer was still taking them.
    var lastUnsentBytes: Int?
    /// When the current hop started, on the wall clock: the start of its ``exchangeMetrics()``.
    var hopStartTime = Date()
    /// The status of the current hop's final head, once it was read.
    var hopStatusCode: Int?

    /// The most bytes of a redirect's own body read to keep its connection: ``CurlClient/redirectBodyLimit``.
    static let redirectBodyLimit = CurlClient.redirectBodyLimit

    /// What the current hop's final head leads to.
    enum HopDecision {
        case respond
        case redirect(CurlRequest)
    }

    init(
        ticket: TransferTicket, request: CurlRequest, settings: CurlSettings, pool: CurlConnectionPool.Settings,
        share: CurlShare, delivery: ResponseDelivery, sockets: SocketRegistry
    ) {
        self.ticket = ticket
        self.sockets = sockets
        self.request = request
        self.settings = settings
        self.pool = pool
        self.share = share
        sink = delivery.makeSink(limit: settings.limit)
        if case .stream(_, let reporter) = delivery { progress = reporter } else { progress = nil }
        chain = RedirectChain(original: request)
        errorBuffer = .allocate(capacity: Int(ccurl_error_size))
        errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size))
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    /// The moment this transfer times out unless a byte moves first; `nil` while a body callback paused it.
    var deadline: ContinuousClock.Instant? { isPaused ? nil : lastActivity + settings.idleTimeout }

    /// The URL of the current hop with any userinfo redacted, for error messages.
    var redactedURL: String { request.url.redactedString }

    /// A new easy handle for `request`, configured and ready to add to the multi handle.
    /// - Throws: The error to end the transfer with when libcurl refuses the handle or an option.
    func prepare(_ request: CurlRequest) throws(HTTPTransportError) -> UnsafeMutableRawPointer {
        releaseHandle()
        self.request = request
        parser = ResponseHeadParser()
        hopDecision = nil
        failure = nil
        handedToLibcurl = 0
        uploaded = 0
        redirectBodyBytes = 0
        redirectBodyCut = false
        isPaused = false
        lastActivity = .now
        localPort = nil
        lastUnsentBytes = nil
        hopStartTime = Date()
        hopStatusCode = nil
        errorBuffer[0] = 0
        guard let easy = curl_easy_init() else {
            throw .other(underlying: CurlError(CURLE_FAILED_INIT, "curl_easy_init failed"))
        }
        self.easy = easy
        let options = EasyOptions(easy: easy)
        let me = Unmanaged.passUnretained(self).toOpaque()
        // A stream takes the body as it arrived and decodes it as it is read (DecodedChunks), so the pause
        // bounds encoded bytes; a collected body is decoded by libcurl, under the size limit.
        let streams = sink is ResponseStream
        headerList = EasyOptions.headerList(for: request, acceptEncoding: streams ? ContentCoding.advertised : nil)
        try options.configure(
            request, headers: headerList, decodesContent: !streams, errorBuffer: errorBuffer, userData: me)
        try options.connect(using: pool, share: share)
        try options.secure(with: settings.tls, proxy: settings.proxy.proxy(for: request.url))
        try options.route(request.url, through: settings.proxy)
        try options.trackSockets(registry: Unmanaged.passUnretained(sockets).toOpaque(), userData: me)
        // A streamed body gets large callbacks; a collected one keeps libcurl's small default buffer.
        if sink is ResponseStream { try options.receiveBuffer(ResponseStream.receiveBufferSize) }
        return easy
    }

    /// The result once libcurl says the hop is done: a redirect to follow, or how the transfer ended.
    func outcome(of code: CURLcode) -> TransferOutcome {
        if case .redirect(let next) = hopDecision, failure == nil, code == CURLE_OK || redirectBodyCut {
            return .redirect(announcing(next))
        }
        if let failure { return .finished(.failure(failure)) }
        guard code == CURLE_OK else {
            let message = String(cString: errorBuffer)
            let error = CurlErrorMapper.map(code, message: message, url: redactedURL, verifyResult: verifyResult)
            return .finished(.failure(.transport(error)))
        }
        guard hopDecision != nil else {
            let error = CurlError(CURLE_WEIRD_SERVER_REPLY, "no response head from \(redactedURL)")
            return .finished(.failure(.transport(.invalidResponse(underlying: error))))
        }
        return .finished(.success(()))
    }

    /// `next` with the fields the caller's observers give after hearing the hop that just ended,
    /// with its own measurements (read while its easy handle is still there; the chain already holds `next`).
    private func announcing(_ next: CurlRequest) -> CurlRequest {
        guard request.observers.hearsRedirects, let statusCode = hopStatusCode else { return next }
        let hop = HTTPRedirectHop(
            method: request.method.rawValue, url: request.url, statusCode: statusCode,
            metrics: exchangeMetrics(redirectsBefore: chain.count - 2),
            nextMethod: next.method.rawValue, nextURL: next.url)
        var announced = next
        announced.headers = next.headers.merging(request.observers.fields(after: hop))
        return announced
    }

    /// Whether the connection's send queue shrank since the last look (or holds bytes at a first look): the
    /// peer is still taking the request body, which counts as activity.
    ///
    /// libcurl's last write hands the body's tail to the kernel, which may hold a lot of it while a slow peer
    /// reads; until the queue is empty the wait for the response head has not begun.
    func sendQueueDrained() -> Bool {
        guard let localPort, let socket = sockets.socket(localPort: localPort) else { return false }
        let unsent = ccurl_socket_unsent_bytes(socket)
        guard unsent > 0 else {
            lastUnsentBytes = nil
            return false
        }
        defer { lastUnsentBytes = unsent }
        guard lastUnsentBytes.map({ unsent < $0 }) ?? true else { return false }
        lastActivity = .now
        return true
    }

    /// A body callback's pause was lifted: the transfer waits on the server again.
    func resumed() {
        isPaused = false
        lastActivity = .now
    }

    /// Ends the transfer with `result` (after a last progress report when it succeeded) and frees the easy
    /// handle; the caller removed it from the multi handle.
    func complete(_ result: TransferResult) {
        if case .success = result, let progress {
            var size: curl_off_t = 0
            if let easy { _ = ccurl_easy_getinfo_off_t(easy, CURLINFO_SIZE_UPLOAD_T, &size) }
            progress.finish(sent: sentCount(libcurlCount: Int64(size)))
        }
        if request.observers.hearsExchanges, let metrics = exchangeMetrics() { request.observers.observe(metrics) }
        request.upload?.close()
        releaseHandle()
        sink.finish(result)
    }

    private func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// Body bytes sent: libcurl's count, which for a chunked body also counts the chunk framing, so never
    /// more than the read callback handed over.
    func sentCount(libcurlCount: Int64) -> Int64 {
        request.upload == nil ? libcurlCount : min(libcurlCount, handedToLibcurl)
    }
}

/// What a finished hop leads to.
enum TransferOutcome {
    case redirect(CurlRequest)
    case finished(TransferResult)
}

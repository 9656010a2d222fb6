import CCurl
import Foundation
import HTTPClient
import HTTPClientSupport

/// One load on the loop thread: its easy handle for the current hop, what arrived so far, the redirect chain
/// and the caller's continuation. Created, used and released on the loop thread only.
final class EasyTransfer {
    let ticket: TransferTicket
    private let continuation: CurlCommand.Continuation
    private let settings: CurlSettings
    private var chain: RedirectChain
    private(set) var request: CurlRequest
    private(set) var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var parser = ResponseHeadParser()
    private var body: ResponseBody
    /// Why a callback stopped the transfer, if one did.
    private var failure: HTTPTransportError?
    private var uploaded: curl_off_t = 0
    /// When a byte last moved; the transfer times out ``CurlSettings/idleTimeout`` after it.
    private(set) var lastActivity = ContinuousClock.now

    init(
        ticket: TransferTicket, request: CurlRequest, settings: CurlSettings,
        continuation: CurlCommand.Continuation
    ) {
        self.ticket = ticket
        self.request = request
        self.settings = settings
        self.continuation = continuation
        chain = RedirectChain(original: request)
        body = ResponseBody(limit: settings.limit)
        errorBuffer = .allocate(capacity: Int(ccurl_error_size))
        errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size))
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    /// The moment this transfer times out unless a byte moves first.
    var deadline: ContinuousClock.Instant { lastActivity + settings.idleTimeout }

    /// The URL of the current hop with any userinfo redacted, for error messages.
    var redactedURL: String { request.url.redactedString }

    /// A new easy handle for `request`, configured and ready to add to the multi handle.
    /// - Throws: The error to end the load with when libcurl refuses the handle or an option.
    func prepare(_ request: CurlRequest) throws(HTTPTransportError) -> UnsafeMutableRawPointer {
        releaseHandle()
        self.request = request
        parser = ResponseHeadParser()
        body = ResponseBody(limit: settings.limit)
        failure = nil
        uploaded = 0
        lastActivity = .now
        errorBuffer[0] = 0
        guard let easy = curl_easy_init() else {
            throw .other(underlying: CurlError(CURLE_FAILED_INIT, "curl_easy_init failed"))
        }
        self.easy = easy
        let options = EasyOptions(easy: easy)
        let me = Unmanaged.passUnretained(self).toOpaque()
        headerList = EasyOptions.headerList(for: request)
        try options.configure(request, headers: headerList, errorBuffer: errorBuffer, userData: me)
        try options.trust(settings.certificateAuthorities)
        return easy
    }

    /// The result once libcurl says the hop is done: a redirect to follow, or the load's outcome.
    func outcome(of code: CURLcode) -> TransferOutcome {
        if let failure { return .finished(.failure(failure)) }
        guard code == CURLE_OK else {
            let message = String(cString: errorBuffer)
            return .finished(.failure(CurlErrorMapper.map(code, message: message, url: redactedURL)))
        }
        guard let head = parser.last, !head.isInterim else {
            let error = CurlError(CURLE_WEIRD_SERVER_REPLY, "no response head from \(redactedURL)")
            return .finished(.failure(.invalidResponse(underlying: error)))
        }
        switch settings.redirects.step(after: head, to: request, chain: &chain) {
        case .follow(let next):
            return .redirect(next)
        case .handBack:
            let response = HTTPResponse(statusCode: head.statusCode, headers: head.headers)
            return .finished(.success(CurlResponse(body: body.data, response: response)))
        case .fail(let error):
            return .finished(.failure(error))
        }
    }

    /// Resumes the caller with `result` and frees the easy handle; the caller removed it from the multi handle.
    func complete(_ result: CurlResult) {
        releaseHandle()
        continuation.resume(returning: result)
    }

    private func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    // MARK: Callbacks (on the loop thread, inside curl_multi_perform)

    /// One header line: fed to the parser; a final head whose `Content-Length` is past the limit stops the
    /// transfer. Returns whether to go on.
    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        if case .ended(let head) = parser.consume(line: line), !head.isInterim, body.refusesUpFront(head) {
            failure = .responseTooLarge(limit: body.limit.maximumBytes)
            return false
        }
        return true
    }

    /// Decoded body bytes. The verdict decides the callback's answer: all bytes, a pause, or a short count
    /// that makes libcurl stop with `CURLE_WRITE_ERROR`.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        lastActivity = .now
        let verdict = body.accept(bytes)
        if case .refuse(let error) = verdict { failure = error }
        return verdict
    }

    /// Progress: an upload that moved counts as activity.
    func progress(uploaded now: curl_off_t) {
        guard now != uploaded else { return }
        uploaded = now
        lastActivity = .now
    }
}

/// What a finished hop leads to.
enum TransferOutcome {
    case redirect(CurlRequest)
    case finished(CurlResult)
}

import CCurl
import Foundation
import HTTPClient

/// Sets an easy handle's options for one request, through the shim's typed wrappers.
struct EasyOptions {
    let easy: UnsafeMutableRawPointer

    /// Every option of one hop: URL, no signals, a resolver that never holds up the loop, protocol, method and
    /// body, headers, decoding, callbacks, and only the origin's response heads when a proxy tunnels the
    /// connection.
    /// - Parameters:
    ///   - decodesContent: Whether libcurl asks for and decodes every content coding it has; otherwise it hands
    ///     the body over as it arrived (a stream decodes it on the reader's side, see ``DecodedChunks``).
    ///   - userData: The ``EasyTransfer`` the callbacks report to (unretained; it outlives the handle).
    /// - Throws: ``HTTPTransportError/other(underlying:)`` naming the option libcurl refused.
    func configure(
        _ request: CurlRequest, headers: UnsafeMutablePointer<curl_slist>?, decodesContent: Bool,
        errorBuffer: UnsafeMutablePointer<CChar>, userData: UnsafeMutableRawPointer
    ) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString), "URL")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try leaveResolverBehind()
        try check(ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        if decodesContent {
            try check(ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""), "ACCEPT_ENCODING")
        } else {
            try check(ccurl_easy_setopt_long(easy, CURLOPT_HTTP_CONTENT_DECODING, 0), "HTTP_CONTENT_DECODING")
        }
        try check(ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)), "HTTP_VERSION")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1), "PIPEWAIT")
        try check(ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers), "HTTPHEADER")
        try suppressConnectHeaders()
        try setMethodAndBody(request)
        try setCallbacks(userData: userData)
    }

    private func setMethodAndBody(_ request: CurlRequest) throws(HTTPTransportError) {
        let hasBody = request.body != nil || request.upload != nil
        switch (request.method, hasBody) {
        case (.get, false):
            try check(ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "HTTPGET")
        case (.head, _):
            try check(ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1), "NOBODY")
        case (let method, false) where !Self.alwaysSendsBody(method):
            // Any other method without a body goes out by name, with neither body nor Content-Length.
            try check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.name), "CUSTOMREQUEST")
        case (let method, _):
            // POST, PUT and PATCH always send a body (empty when there is none), so a Content-Length goes out;
            // any method with a body sends it the same way, by name.
            if method != .post {
                try check(ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method.name), "CUSTOMREQUEST")
            }
            try check(ccurl_easy_setopt_long(easy, CURLOPT_POST, 1), "POST")
            if let upload = request.upload { return try setUpload(upload) }
            let data = request.body ?? Data()
            try check(
                ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count)), "POSTFIELDSIZE")
            let code = data.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies POSTFIELDSIZE bytes; an empty body still needs a valid pointer.
                bytes.baseAddress.map {
                    ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0))
                }
                    ?? ccurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
            }
            try check(code, "COPYPOSTFIELDS")
        }
    }

    /// Whether `method` sends a body even when the request has none (an empty one, with `Content-Length: 0`):
    /// `POST`, `PUT` and `PATCH`, whose servers expect content.
    private static func alwaysSendsBody(_ method: HTTPMethod) -> Bool {
        method == .post || method == .put || method == .patch
    }

    /// A streamed body through the read callback: with `Content-Length` when its length is known, else
    /// chunked (HTTP/1.1; HTTP/2 frames it). The seek callback rewinds it when libcurl sends it again.
    private func setUpload(_ upload: UploadChannel) throws(HTTPTransportError) {
        let size: curl_off_t =
            switch upload.length {
            case .known(let count): curl_off_t(count)
            case .unknown: -1
            }
        try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, size), "POSTFIELDSIZE")
        try check(
            ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD_BUFFERSIZE, UploadChannel.readSize), "UPLOAD_BUFFERSIZE")
        try check(
            ccurl_easy_setopt_read_function(easy, CURLOPT_READFUNCTION) { buffer, size, count, userData in
                guard let userData, let buffer else { return ccurl_readfunc_abort }
                let transfer = Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue()
                switch transfer.sendBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count)) {
                case .bytes(let copied): return copied
                case .end: return 0
                case .pause: return ccurl_readfunc_pause
                case .abort: return ccurl_readfunc_abort
                }
            }, "READFUNCTION")
        try check(
            ccurl_easy_setopt_seek_function(easy, CURLOPT_SEEKFUNCTION) { userData, offset, origin in
                guard let userData else { return ccurl_seekfunc_cantseek }
                let transfer = Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue()
                return transfer.rewindBody(to: offset, origin: origin) ? ccurl_seekfunc_ok : ccurl_seekfunc_cantseek
            }, "SEEKFUNCTION")
    }

    private func setCallbacks(userData: UnsafeMutableRawPointer) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, userData), "PRIVATE")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, userData), "HEADERDATA")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_READDATA, userData), "READDATA")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_SEEKDATA, userData), "SEEKDATA")
        try check(
            ccurl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { line, size, count, userData in
                guard let userData else { return 0 }
                let transfer = Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue()
                let length = size * count
                return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: line, count: length)) ? length : 0
            }, "HEADERFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, userData), "WRITEDATA")
        try check(
            ccurl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { bytes, size, count, userData in
                guard let userData else { return 0 }
                let transfer = Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue()
                let length = size * count
                switch transfer.receiveBody(UnsafeRawBufferPointer(start: bytes, count: length)) {
                case .accepted: return length
                case .pause: return Int(ccurl_writefunc_pause)
                case .refuse: return 0
                }
            }, "WRITEFUNCTION")
        try check(ccurl_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, userData), "XFERINFODATA")
        try check(
            ccurl_easy_setopt_xferinfo_function(easy, CURLOPT_XFERINFOFUNCTION) { userData, _, _, _, uploaded in
                guard let userData else { return 0 }
                Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue().progress(uploaded: uploaded)
                return 0
            }, "XFERINFOFUNCTION")
        try check(ccurl_easy_setopt_long(easy, CURLOPT_NOPROGRESS, 0), "NOPROGRESS")
    }

    /// Sets the size of libcurl's receive buffer: the most bytes one write callback hands over.
    /// - Throws: ``HTTPTransportError/other(underlying:)`` when libcurl refuses the size.
    func receiveBuffer(_ size: Int) throws(HTTPTransportError) {
        try check(ccurl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, size), "BUFFERSIZE")
    }

    /// Throws ``HTTPTransportError/other(underlying:)`` naming `option` unless `code` is `CURLE_OK`.
    func check(_ code: CURLcode, _ option: String) throws(HTTPTransportError) {
        guard code != CURLE_OK else { return }
        let text = String(cString: curl_easy_strerror(code))
        throw .other(underlying: CurlError(code, "CURLOPT_\(option) refused: \(text)"))
    }

    /// The request's header fields as libcurl's list (`Name: value`, or `Name;` for an empty value), plus an
    /// empty `Expect:` so a large body is sent without waiting for `100 Continue`, and `acceptEncoding` as
    /// `Accept-Encoding` unless the request has one.
    static func headerList(
        for request: CurlRequest, acceptEncoding: String? = nil
    ) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        if let acceptEncoding, !request.headers.contains("Accept-Encoding") {
            lines.append("Accept-Encoding: \(acceptEncoding)")
        }
        for line in lines {
            guard let appended = curl_slist_append(list, line) else { continue }
            list = appended
        }
        return list
    }
}

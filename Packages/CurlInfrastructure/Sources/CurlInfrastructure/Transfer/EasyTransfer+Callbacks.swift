import CCurl
import Foundation
import HTTPClient

// libcurl's callbacks, on the loop thread inside curl_multi_perform (or curl_easy_pause).
extension EasyTransfer {
    /// One header line. The final head decides the hop: a redirect to follow (its body is dropped), a
    /// failure, or the response, which goes to the sink. Returns whether to go on.
    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        markActivity()
        guard hopDecision == nil, case .ended(let head) = parser.consume(line: line), !head.isInterim else {
            return true
        }
        switch settings.redirects.step(after: head, to: request, chain: &chain) {
        case .follow(let next):
            hopDecision = .redirect(next)
            hopStatusCode = head.statusCode
            return true
        case .fail(let error):
            failure = .transport(error)
            return false
        case .handBack:
            hopDecision = .respond
            let length = head.bodyLength(answering: request.method)
            progress?.expectToReceive(length)
            let response = HTTPResponse(statusCode: head.statusCode, headers: head.headers, url: request.url)
            if let error = sink.begin(response, head: head, length: length) {
                failure = .transport(error)
                return false
            }
            return true
        }
    }
}

extension EasyTransfer {
    /// Decoded body bytes. The verdict decides the callback's answer: all bytes, a pause, or a short count
    /// that makes libcurl stop with `CURLE_WRITE_ERROR`.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        markActivity()
        guard case .respond = hopDecision else {
            // A followed redirect's own body: read (to keep the connection) and dropped.
            redirectBodyBytes += bytes.count
            guard redirectBodyBytes <= Self.redirectBodyLimit else {
                redirectBodyCut = true
                return .refuse(.responseTooLarge(limit: Self.redirectBodyLimit))
            }
            return .accepted
        }
        let verdict = sink.accept(bytes)
        switch verdict {
        case .accepted: progress?.received(bytes.count)
        case .pause: isPaused = true
        case .refuse(let error): failure = .transport(error)
        }
        return verdict
    }

    /// The next request body bytes for libcurl, from the upload channel.
    func sendBody(into buffer: UnsafeMutableRawBufferPointer) -> UploadChannel.Read {
        guard let upload = request.upload else { return .end }
        let read = upload.read(into: buffer)
        switch read {
        case .bytes(let count):
            markActivity()
            handedToLibcurl += Int64(count)
        case .end: break
        case .pause: isPaused = true
        case .abort(let error): failure = .body(error)
        }
        return read
    }

    /// Progress: an upload that moved counts as activity, and is reported.
    func progress(uploaded now: curl_off_t) {
        guard now != uploaded else { return }
        uploaded = now
        markActivity()
        progress?.sent(totalBytes: sentCount(libcurlCount: Int64(now)))
    }

    private func markActivity() {
        lastActivity = .now
    }
}

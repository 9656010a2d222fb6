import Foundation
import HTTPClient
import HTTPClientSupport

/// The request body and progress closure a ``TimeoutHTTPClient`` hands on for one stream, watched so that its
/// ``StreamWatchdog`` learns when the body moves and when all of it has been sent.
///
/// A body of known length counts as sent once a progress report says every byte was sent; a single-pass body
/// of unknown length once the transport has read it to its end. Either way the caller's own progress closure
/// gets every report, unchanged.
struct UploadWatch: Sendable {
    /// Whether there is a request body to send at all.
    let sendsBody: Bool
    /// The body to hand on: the caller's, observed when it is single-pass.
    let body: HTTPBody?
    /// The progress closure to hand on: the caller's, behind the watch when there is a body.
    let progress: (@Sendable (HTTPTransferProgress) -> Void)?

    /// - Parameters:
    ///   - request: The request, whose own `body` is sent when `body` is `nil`.
    ///   - body: The caller's request body, if any.
    ///   - progress: The caller's progress closure, if any.
    ///   - watchdog: Told of each step of the upload and of its end.
    ///   - duration: The time the response head has once the body has been sent.
    init(
        request: any HTTPRequest, body: HTTPBody?, progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        watchdog: StreamWatchdog, duration: Duration
    ) {
        let length = body?.length ?? .known(Int64(request.body?.count ?? 0))
        sendsBody = length != .known(0)
        guard sendsBody else {
            self.body = body
            self.progress = progress
            return
        }
        let sent = LockedValue<Int64>(0)
        self.progress = { report in
            let moved = sent.withLock { sent in
                guard report.bytesSent > sent else { return false }
                sent = report.bytesSent
                return true
            }
            if moved { watchdog.uploadMoved() }
            if let expected = report.bytesExpectedToSend, report.bytesSent >= expected {
                watchdog.bodySent(allowed: duration)
            }
            progress?(report)
        }
        guard let body, !body.isReplayable else {
            self.body = body
            return
        }
        self.body = body.observed { event in
            switch event {
            case .chunk: watchdog.uploadMoved()
            case .end where length == .unknown: watchdog.bodySent(allowed: duration)
            default: break
            }
        }
    }
}

import CCurl
import Foundation
import HTTPClient

/// The loop thread: owns the multi handle and every easy handle, takes commands from ``CurlMailbox``, and
/// sleeps in `curl_multi_poll` until a socket, a timer or a command needs it.
///
/// Everything here runs on that one thread; the only way in is the mailbox.
final class CurlWorker {
    private let mailbox: CurlMailbox
    private let settings: CurlSettings
    private let multi: UnsafeMutableRawPointer
    private let sockets: SocketRegistry
    private var transfers: [ObjectIdentifier: EasyTransfer] = [:]
    private var stopping = false

    private init(
        mailbox: CurlMailbox, settings: CurlSettings, multi: UnsafeMutableRawPointer, sockets: SocketRegistry
    ) {
        self.sockets = sockets
        self.mailbox = mailbox
        self.settings = settings
        self.multi = multi
    }

    /// Starts the loop on a thread of its own; it ends after a ``CurlCommand/shutdown`` command.
    /// libcurl's global set-up (``CurlGlobal``) must have succeeded first.
    static func start(mailbox: CurlMailbox, settings: CurlSettings) {
        let thread = Thread { run(mailbox: mailbox, settings: settings) }
        thread.name = "CurlClient"
        thread.start()
    }

    private static func run(mailbox: CurlMailbox, settings: CurlSettings) {
        guard let multi = curl_multi_init() else {
            let error = CurlError(CURLE_FAILED_INIT, "libcurl could not create its multi handle (curl_multi_init)")
            for case .start(_, _, let delivery) in mailbox.close(.other(underlying: error)) {
                delivery.fail(.other(underlying: error))
            }
            return
        }
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        // The registry outlives the multi handle, whose cleanup closes the pooled connections through it.
        let sockets = SocketRegistry()
        let worker = CurlWorker(mailbox: mailbox, settings: settings, multi: multi, sockets: sockets)
        mailbox.open(with: CurlWakeup(multi: multi))
        worker.loop()
        worker.finish()
        withExtendedLifetime(sockets) { _ = curl_multi_cleanup(multi) }
    }

    private func loop() {
        while true {
            for command in mailbox.receive() { handle(command) }
            if stopping { return }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            expireIdleTransfers()
            _ = curl_multi_poll(multi, nil, 0, pollTimeout(), nil)
        }
    }

    private func handle(_ command: CurlCommand) {
        switch command {
        case .start(let ticket, let request, let delivery):
            let transfer = EasyTransfer(
                ticket: ticket, request: request, settings: settings, delivery: delivery, sockets: sockets)
            transfers[ObjectIdentifier(ticket)] = transfer
            begin(transfer, request)
        case .cancel(let ticket):
            guard let transfer = transfers[ObjectIdentifier(ticket)] else { return }
            end(transfer, with: .failure(.transport(.cancelled)))
        case .resume(let ticket):
            guard let transfer = transfers[ObjectIdentifier(ticket)], let easy = transfer.easy else { return }
            transfer.resumed()
            // Both directions: a callback that still has to wait pauses its own direction again.
            _ = curl_easy_pause(easy, ccurl_pause_cont)
        case .shutdown:
            stopping = true
        }
    }

    /// Adds a new easy handle for `request` (the first hop or a redirect); a refusal ends the load.
    private func begin(_ transfer: EasyTransfer, _ request: CurlRequest) {
        do throws(HTTPTransportError) {
            let easy = try transfer.prepare(request)
            let code = curl_multi_add_handle(multi, easy)
            guard code == CURLM_OK else {
                let message = String(cString: curl_multi_strerror(code))
                throw HTTPTransportError.other(underlying: CurlError(code: Int(code.rawValue), message: message))
            }
        } catch {
            end(transfer, with: .failure(.transport(error)), added: false)
        }
    }

    /// Removes the transfer's handle from the multi handle (closing its connection when the transfer is not
    /// done) and resumes its caller.
    private func end(_ transfer: EasyTransfer, with result: TransferResult, added: Bool = true) {
        if added, let easy = transfer.easy { _ = curl_multi_remove_handle(multi, easy) }
        transfers[ObjectIdentifier(transfer.ticket)] = nil
        transfer.complete(result)
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            var userData: UnsafeMutableRawPointer?
            _ = ccurl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &userData)
            guard let userData else { continue }
            let transfer = Unmanaged<EasyTransfer>.fromOpaque(userData).takeUnretainedValue()
            let code = message.pointee.data.result
            _ = curl_multi_remove_handle(multi, easy)
            switch transfer.outcome(of: code) {
            case .redirect(let next):
                if let upload = transfer.request.upload {
                    // 307/308 send the body again from its start; a redirect to GET drops it.
                    if next.upload === upload { upload.restart() } else { upload.close() }
                }
                begin(transfer, next)
            case .finished(let result):
                end(transfer, with: result, added: false)
            }
        }
    }

    private func expireIdleTransfers() {
        let now = ContinuousClock.now
        for transfer in transfers.values where transfer.deadline.map({ $0 <= now }) == true {
            if transfer.sendQueueDrained() { continue }
            let seconds = settings.idleTimeout.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))
            let error = CurlError(CURLE_OPERATION_TIMEDOUT, "no data from \(transfer.redactedURL) for \(seconds)")
            end(transfer, with: .failure(.transport(.timedOut(underlying: error))))
        }
    }

    /// Milliseconds until the next idle deadline; `curl_multi_poll` wakes sooner for libcurl's own timers.
    private func pollTimeout() -> Int32 {
        guard let next = transfers.values.compactMap(\.deadline).min() else { return Int32.max }
        let remaining = ContinuousClock.now.duration(to: next)
        let milliseconds =
            remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(milliseconds, 0))
    }

    /// Ends every load still running or queued with `cancelled`, once the loop stopped.
    private func finish() {
        for case .start(_, _, let delivery) in mailbox.close(.cancelled) {
            delivery.fail(.cancelled)
        }
        for transfer in transfers.values {
            end(transfer, with: .failure(.transport(.cancelled)))
        }
    }
}

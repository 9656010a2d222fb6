import CCurl
import Foundation
import HTTPClient

/// The loop thread of one ``CurlConnectionPool``: owns the multi handle, the share handle and every easy
/// handle, takes commands from ``CurlMailbox``, and sleeps in `curl_multi_poll` until a socket, a timer or a
/// command needs it.
///
/// Everything here runs on that one thread; the only way in is the mailbox.
final class CurlWorker {
    private let mailbox: CurlMailbox
    private let pool: CurlConnectionPool.Settings
    private let multi: UnsafeMutableRawPointer
    private let sockets: SocketRegistry
    private let share: CurlShare
    private var transfers: [ObjectIdentifier: EasyTransfer] = [:]
    private var stopping = false
    /// Easy handles in the multi handle now, and the most there have been at once: the size of libcurl's
    /// connection cache. libcurl's own default is 4 per handle in the multi handle at the moment a connection
    /// comes back, so a quiet spell after a wide burst closed the connections the next burst needs again.
    private var handlesAdded = 0
    private var connectionCacheSize = 0

    private init(
        mailbox: CurlMailbox, pool: CurlConnectionPool.Settings, multi: UnsafeMutableRawPointer, share: CurlShare,
        sockets: SocketRegistry
    ) {
        self.sockets = sockets
        self.mailbox = mailbox
        self.pool = pool
        self.multi = multi
        self.share = share
    }

    /// Starts the loop on a thread of its own; it ends after a ``CurlCommand/shutdown`` command.
    /// libcurl's global set-up (``CurlGlobal``) must have succeeded first.
    static func start(mailbox: CurlMailbox, pool: CurlConnectionPool.Settings) {
        let thread = Thread { run(mailbox: mailbox, pool: pool) }
        thread.name = "CurlClient"
        thread.start()
    }

    private static func run(mailbox: CurlMailbox, pool: CurlConnectionPool.Settings) {
        guard let multi = curl_multi_init() else {
            refuse(mailbox, "libcurl could not create its multi handle (curl_multi_init)")
            return
        }
        guard let share = CurlShare() else {
            curl_multi_cleanup(multi)
            refuse(mailbox, "libcurl could not make a share handle for DNS and TLS sessions")
            return
        }
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        // 0 is libcurl's "no limit".
        let limits = [
            ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, pool.maximumConnectionsPerHost ?? 0),
            ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, pool.maximumTotalConnections ?? 0),
        ]
        if let refused = limits.first(where: { $0 != CURLM_OK }) {
            curl_multi_cleanup(multi)
            refuse(mailbox, "libcurl refused a connection limit: \(String(cString: curl_multi_strerror(refused)))")
            return
        }
        // The registry outlives the multi handle, whose cleanup closes the pooled connections through it.
        let sockets = SocketRegistry()
        let worker = CurlWorker(mailbox: mailbox, pool: pool, multi: multi, share: share, sockets: sockets)
        mailbox.open(with: CurlWakeup(multi: multi))
        worker.loop()
        worker.finish()
        withExtendedLifetime(sockets) { _ = curl_multi_cleanup(multi) }
    }

    /// Ends every load sent so far, and every later one, with libcurl's failure to start.
    private static func refuse(_ mailbox: CurlMailbox, _ message: String) {
        let error = HTTPTransportError.other(underlying: CurlError(CURLE_FAILED_INIT, message))
        for case .start(_, _, _, let delivery) in mailbox.close(error) {
            delivery.fail(error)
        }
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
        case .start(let ticket, let request, let settings, let delivery):
            let transfer = EasyTransfer(
                ticket: ticket, request: request, settings: settings, pool: pool, share: share, delivery: delivery,
                sockets: sockets)
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
            handleAdded()
        } catch {
            end(transfer, with: .failure(.transport(error)), added: false)
        }
    }

    /// Removes the transfer's handle from the multi handle (closing its connection when the transfer is not
    /// done) and resumes its caller.
    private func end(_ transfer: EasyTransfer, with result: TransferResult, added: Bool = true) {
        if added, let easy = transfer.easy { removeHandle(easy) }
        transfers[ObjectIdentifier(transfer.ticket)] = nil
        transfer.complete(result)
    }

    /// Counts a handle in, growing the connection cache to the most handles there have been at once (within
    /// the pool's total limit), so that every connection a burst opened stays open for the next one.
    private func handleAdded() {
        handlesAdded += 1
        let wanted = min(handlesAdded, pool.maximumTotalConnections ?? Int.max)
        guard wanted > connectionCacheSize else { return }
        connectionCacheSize = wanted
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, wanted)
    }

    private func removeHandle(_ easy: UnsafeMutableRawPointer) {
        if curl_multi_remove_handle(multi, easy) == CURLM_OK { handlesAdded -= 1 }
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
            removeHandle(easy)
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
            let seconds = transfer.settings.idleTimeout.formatted(
                .units(allowed: [.seconds], fractionalPart: .show(length: 1)))
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
        for case .start(_, _, _, let delivery) in mailbox.close(.cancelled) {
            delivery.fail(.cancelled)
        }
        for transfer in transfers.values {
            end(transfer, with: .failure(.transport(.cancelled)))
        }
    }
}

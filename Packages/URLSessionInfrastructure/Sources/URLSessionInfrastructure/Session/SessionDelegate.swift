import Foundation
import HTTPClient
import HTTPClientSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a client's own session: routes each callback by task to that task's ``Transfer``,
/// applies the redirect policy, and hands the rest to the transfer's ``TransferEvents``, ending them exactly
/// once.
///
/// Only a session-level delegate is used: swift-corelibs-foundation never calls a per-task delegate, and
/// calls the session's delegate only for tasks created without a completion handler. The delegate keeps no
/// reference to the client or the session, so client → session → delegate has no cycle.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = LockedValue<[Int: Transfer]>([:])
    private let redirects: RedirectPolicy
    #if canImport(Darwin)
        /// The check every server's certificate chain must pass, beyond the system's; set once, before any task.
        let serverTrust = LockedValue<ServerTrustPolicy?>(nil)
    #endif

    init(redirects: RedirectPolicy) {
        self.redirects = redirects
    }

    /// Routes `task`'s callbacks to `events`; call before resuming `task`, from the calling task, whose
    /// observers (`HTTPLoadObservation.current`) hear the task's metrics where the session delivers them, and each
    /// followed redirect.
    func register(_ task: URLSessionTask, request: URLRequest, events: any TransferEvents) {
        let transfer = Transfer(request: request, events: events, observers: .current)
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    /// Ends the transfer of `task` with `error` if it is still running; later callbacks for it are ignored.
    /// - Returns: Whether a transfer was still running.
    @discardableResult
    func fail(_ task: URLSessionTask, with error: any Error) -> Bool {
        guard let transfer = remove(task) else { return false }
        transfer.events.didComplete(error: error, task: task)
        return true
    }

    private func events(of task: URLSessionTask) -> (any TransferEvents)? {
        transfers.withLock { $0[task.taskIdentifier]?.events }
    }

    private func remove(_ task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    /// Ends the transfer with `error` and stops the task without blocking the delegate queue.
    ///
    /// `cancel()` waits for the session's work queue, which may be busy delivering the rest of a body; called
    /// from the delegate queue it would stall delivery while the chunks pile up in memory.
    private func abort(_ task: URLSessionTask, with error: HTTPTransportError) {
        fail(task, with: error)
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url else {
            completionHandler(nil)
            return
        }
        let method = request.httpMethod ?? "GET"
        typealias Followed = (outcome: RedirectDecision.Outcome, hop: HTTPRedirectHop, observers: HTTPLoadObservation)
        let followed = transfers.withLock { transfers -> Followed? in
            guard var transfer = transfers[task.taskIdentifier] else { return nil }
            let decision = RedirectDecision(
                policy: redirects, original: transfer.original, current: transfer.current, target: target,
                method: method, visited: transfer.visited, leftOrigin: transfer.leftOrigin)
            let hop = HTTPRedirectHop(
                method: transfer.currentMethod, url: transfer.current, statusCode: response.statusCode, metrics: nil,
                nextMethod: method, nextURL: target)
            if case .follow = decision.outcome {
                transfer.current = target
                transfer.currentMethod = method
                transfer.visited.append(RedirectDecision.Visit(method: method, url: target))
                transfer.leftOrigin = decision.leavesOrigin
                transfers[task.taskIdentifier] = transfer
            }
            return (decision.outcome, hop, transfer.observers)
        }
        switch followed?.outcome {
        case .follow(let removingCredentials):
            var next = request
            #if canImport(FoundationNetworking)
                // FoundationNetworking sends every redirected request without a body; a body's framing would
                // leave the server waiting for bytes that never come.
                for name in ["Content-Length", "Transfer-Encoding"] { next.setValue(nil, forHTTPHeaderField: name) }
            #endif
            if removingCredentials {
                for name in RedirectDecision.credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
            }
            if let followed, followed.observers.hearsRedirects {
                for field in followed.observers.fields(after: followed.hop) {
                    next.setValue(field.value, forHTTPHeaderField: field.name)
                }
            }
            completionHandler(next)
        case .handBack, nil:
            completionHandler(nil)
        case .fail(let error):
            completionHandler(nil)
            abort(task, with: error)
        }
    }

    /// Hands the response head to the task's events. An interim response (`1xx` but `101`) is not the answer:
    /// FoundationNetworking reports a `100 Continue` to a request sent with `Expect: 100-continue` as a response
    /// of its own, then the final one.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let status = (response as? HTTPURLResponse)?.statusCode, (100..<200).contains(status), status != 101 {
            completionHandler(.allow)
            return
        }
        if let error = events(of: dataTask)?.didReceive(response: response, task: dataTask) {
            completionHandler(.cancel)
            abort(dataTask, with: error)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let error = events(of: dataTask)?.didReceive(data: data) { abort(dataTask, with: error) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        events(of: task)?.didSend(totalBytes: totalBytesSent, expectedBytes: totalBytesExpectedToSend)
    }

    /// Hands the task's metrics to its caller's observers. Apple's Foundation delivers them before the task
    /// completes; swift-corelibs-foundation never does, so on Linux the caller hears nothing.
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        guard let observers = transfers.withLock({ $0[task.taskIdentifier]?.observers }), observers.hearsExchanges,
            let exchange = HTTPExchangeMetrics(metrics)
        else { return }
        observers.observe(exchange)
    }

    #if canImport(Darwin)
        /// Checks a server's certificate chain against ``serverTrust`` during the handshake, before any byte of
        /// the request is sent; a chain that fails ends the task with the reason.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust, let policy = serverTrust.withLock({ $0 })
            else { return completionHandler(.performDefaultHandling, nil) }
            if let failure = policy.failure(of: trust) {
                fail(task, with: failure)
                return completionHandler(.cancelAuthenticationChallenge, nil)
            }
            completionHandler(.useCredential, URLCredential(trust: trust))
        }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        remove(task)?.events.didComplete(error: error, task: task)
    }
}

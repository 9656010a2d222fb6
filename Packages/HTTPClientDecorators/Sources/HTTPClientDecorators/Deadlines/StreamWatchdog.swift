import HTTPClient
import HTTPClientSupport

/// The timers of one stream through a ``TimeoutHTTPClient``: while a request body is sent, the idle time for each
/// step of the upload; then the time to the response head, from the moment the body has been sent; then the idle
/// time while the caller waits for each chunk of the body. The time between chunks that the caller spends on its
/// own work is never counted. When a timer runs out, ``race`` hears `.timeUp` and ``expired`` says which wait.
final class StreamWatchdog: Sendable {
    /// Which wait the stream is in.
    private enum Phase {
        /// The request body is being sent.
        case upload
        /// Everything is sent; the response head has not arrived.
        case head
        /// The head arrived; the caller reads the body.
        case body
    }

    private struct State {
        var phase = Phase.head
        /// The armed timer and the wait it bounds, if any.
        var armed: (timerID: Int, wait: Int)?
        /// Numbers the waits, so a timer that fires late for an earlier wait is ignored.
        var waits = 0
        var expired: TimeoutError?
        var closed = false
    }

    /// Which came first: the end of the stream, or the end of a wait's time.
    let race = LoadRace()
    private let timer: DeadlineTimer
    private let time: ClockTime
    private let idle: Duration
    private let state = LockedValue(State())

    /// - Parameters:
    ///   - timer: The timer the waits are scheduled on.
    ///   - time: The clock the idle time is measured on.
    ///   - idle: How long the caller may wait for one chunk of the body.
    init(timer: DeadlineTimer, time: ClockTime, idle: Duration) {
        self.timer = timer
        self.time = time
        self.idle = idle
    }

    /// The wait that ran out first, if one did.
    var expired: TimeoutError? { state.withLock { $0.expired } }

    /// Bounds the wait for the response head to `deadline`, allowed `duration`.
    func awaitHead(until deadline: Duration, allowed duration: Duration) {
        _ = arm(at: deadline, error: TimeoutError(duration: duration, waitingFor: .response))
    }

    /// Bounds sending the request body: `duration` until its first bytes move (as a wait for the response, so
    /// a client below that reports no progress is bounded as before), then the idle time for each later step;
    /// the wait for the head starts at ``bodySent(allowed:)``.
    func awaitUpload(allowed duration: Duration) {
        _ = arm(at: time.now() + duration, error: TimeoutError(duration: duration, waitingFor: .response)) {
            phase in
            phase = .upload
            return true
        }
    }

    /// The request body moved: bounds its next step to the idle time from now.
    func uploadMoved() {
        _ = arm(at: time.now() + idle, error: TimeoutError(duration: idle, waitingFor: .requestBody)) {
            $0 == .upload
        }
    }

    /// The whole request body has been sent: bounds the wait for the response head to `duration` from now.
    func bodySent(allowed duration: Duration) {
        _ = arm(at: time.now() + duration, error: TimeoutError(duration: duration, waitingFor: .response)) {
            phase in
            guard phase == .upload else { return false }
            phase = .head
            return true
        }
    }

    /// Stops bounding the upload and the wait for the head: the head arrived.
    func headArrived() {
        state.withLock { $0.phase = .body }
        disarm { _ in true }
    }

    /// `body` with every wait for a chunk bounded by the idle time; a replayable body is already whole, so it is
    /// handed on as it is.
    ///
    /// When the time runs out, the transfer is cancelled and the read throws `HTTPTransportError.timedOut` with
    /// the expired ``TimeoutError``, in place of whatever the cancelled transfer threw.
    func watch(_ body: HTTPBody) -> HTTPBody {
        guard !body.isReplayable else { return body }
        let current = LockedValue<Int?>(nil)
        return body.observed { [self] event in
            if case .waiting = event {
                let wait = awaitChunk()
                current.withLock { $0 = wait }
                return
            }
            if let wait = current.withLock({ $0 }) { disarm { $0 == wait } }
            if let expired { throw HTTPTransportError.timedOut(underlying: expired) }
        }
    }

    /// Bounds the wait for the next body chunk to the idle time from now; returns the wait's number.
    private func awaitChunk() -> Int? {
        arm(at: time.now() + idle, error: TimeoutError(duration: idle, waitingFor: .bodyChunk))
    }

    /// Disarms for good: the race is decided.
    func close() {
        let timerID = state.withLock { state in
            state.closed = true
            defer { state.armed = nil }
            return state.armed?.timerID
        }
        if let timerID { timer.cancel(timerID) }
    }

    /// Arms the timer for a new wait, replacing the armed one, when `phase` passes `admits` (which may move it on).
    private func arm(
        at deadline: Duration, error: TimeoutError, when admits: (inout Phase) -> Bool = { _ in true }
    ) -> Int? {
        state.withLock { state in
            guard !state.closed, state.expired == nil, admits(&state.phase) else { return nil }
            if let armed = state.armed { timer.cancel(armed.timerID) }
            state.waits += 1
            let wait = state.waits
            let timerID = timer.schedule(at: deadline) { [weak self] in self?.expire(wait, with: error) }
            state.armed = (timerID, wait)
            return wait
        }
    }

    /// Disarms the armed timer when its wait's number passes `matches`.
    private func disarm(_ matches: (Int) -> Bool) {
        let timerID = state.withLock { state -> Int? in
            guard let armed = state.armed, matches(armed.wait) else { return nil }
            state.armed = nil
            return armed.timerID
        }
        if let timerID { timer.cancel(timerID) }
    }

    private func expire(_ wait: Int, with error: TimeoutError) {
        let expired = state.withLock { state -> Bool in
            guard state.armed?.wait == wait, state.expired == nil else { return false }
            state.armed = nil
            state.expired = error
            return true
        }
        if expired { race.report(.timeUp) }
    }
}

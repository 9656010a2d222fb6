import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// Opens `reached` once `record` was called `target` times: "all N callers got this far".
final class Countdown: Sendable {
    let reached = Gate()
    private let target: Int
    private let count = LockedValue(0)

    init(_ target: Int) {
        self.target = target
    }

    var current: Int { count.withLock { $0 } }

    @Sendable func record() {
        let count = count.withLock { count in
            count += 1
            return count
        }
        if count == target { Task { await reached.open() } }
    }
}

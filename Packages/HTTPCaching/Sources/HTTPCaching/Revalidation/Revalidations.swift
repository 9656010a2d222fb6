import HTTPClient
import HTTPClientSupport

/// The background revalidations one ``CachingHTTPClient`` has running: at most one per stored variant.
///
/// Each runs in its own detached task, which removes itself from the registry when it ends. The registry is
/// shared by every copy of the client that holds it.
final class Revalidations: Sendable {
    /// What one revalidation refreshes: a key and the variant stored under it.
    struct Slot: Hashable, Sendable {
        /// The key of the stored entry.
        let key: HTTPCacheKey
        /// The entry's ``HTTPCacheEntry/variant``.
        let variant: [String: String]
    }

    private let running = LockedValue<[Slot: Task<Void, Never>]>([:])

    /// Starts `work` for `slot` in a detached task unless a revalidation for `slot` is already running.
    ///
    /// The task is detached so that it inherits nothing from the caller: neither its task-local values (a
    /// deadline that a timeout above the cache set for the caller's load, say) nor its actor; and, like any
    /// unstructured task, it is not cancelled with the caller.
    /// - Returns: Whether a new revalidation started.
    @discardableResult
    func start(_ slot: Slot, _ work: @escaping @Sendable () async -> Void) -> Bool {
        running.withLock { running in
            guard running[slot] == nil else { return false }
            // The task ends by taking this lock, so it cannot remove its slot before the slot holds it.
            running[slot] = Task.detached { [self] in
                await work()
                finish(slot)
            }
            return true
        }
    }

    /// Returns once every revalidation running when it is called has ended.
    func finished() async {
        for task in running.withLock({ Array($0.values) }) {
            await task.value
        }
    }

    /// The number of revalidations running.
    var count: Int { running.withLock { $0.count } }

    private func finish(_ slot: Slot) {
        running.withLock { $0[slot] = nil }
    }
}

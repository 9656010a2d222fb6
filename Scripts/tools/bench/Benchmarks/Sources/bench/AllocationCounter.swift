import MallocCounter

/// Heap allocations counted by the interposed glibc allocation functions (see `MallocCounter.c`).
struct AllocationCounter {
    /// Allocating calls and requested bytes since the process started, over every thread.
    struct Totals {
        var allocations: UInt64
        var bytes: UInt64

        static func - (lhs: Totals, rhs: Totals) -> Totals {
            Totals(allocations: lhs.allocations &- rhs.allocations, bytes: lhs.bytes &- rhs.bytes)
        }
    }

    /// Whether allocations are counted in this process (glibc only).
    static var isActive: Bool { malloc_counter_is_active() != 0 }

    /// The totals now.
    static func read() -> Totals {
        let totals = malloc_counter_read()
        return Totals(allocations: totals.allocations, bytes: totals.bytes)
    }

    /// Bytes in live heap allocations (`mallinfo2().uordblks`).
    static var inUseBytes: UInt64 { malloc_counter_in_use_bytes() }

    /// Bytes in live allocations, mapped large ones included (`uordblks + hblkhd`).
    static var liveBytes: UInt64 { malloc_counter_live_bytes() }

    /// Returns free heap pages to the system (`malloc_trim(0)`).
    static func trim() { malloc_counter_trim() }
}

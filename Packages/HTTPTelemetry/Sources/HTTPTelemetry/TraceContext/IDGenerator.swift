import Synchronization

/// The random numbers behind new trace and span ids: SplitMix64, seeded once from the system's generator.
///
/// W3C Trace Context asks for random ids, not secret ones, so a fast non-cryptographic generator serves; the
/// system is asked once per process rather than once per id. The generator's state is one atomic counter, so
/// taking a number never waits. Safe to use from any task.
enum IDGenerator {
    private static let state = Atomic<UInt64>(
        {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }())

    /// The next 64 random bits.
    static func next() -> UInt64 {
        mix(state.wrappingAdd(increment, ordering: .relaxed).newValue)
    }

    /// The next two 64-bit values, from one step of the counter.
    static func nextPair() -> (UInt64, UInt64) {
        let seed = state.wrappingAdd(increment &* 2, ordering: .relaxed).newValue
        return (mix(seed &- increment), mix(seed))
    }

    private static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    private static func mix(_ seed: UInt64) -> UInt64 {
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

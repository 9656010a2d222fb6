/// A tiny, fixed-seed pseudo-random generator (SplitMix64), so fuzz runs are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Damaged copies of a payload: bit flips, byte deletions and insertions, and truncations.
enum Mutations {
    static func of(_ payload: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in mutate(payload, using: &random) }
    }

    private static func mutate(_ payload: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = payload
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...8, using: &random))
                bytes.removeSubrange(position..<end)
            case 2:
                let inserted = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                bytes.insert(contentsOf: inserted, at: position)
            default:
                bytes = Array(bytes.prefix(position))
            }
        }
        return bytes
    }
}

/// Damaged copies of a payload: bit flips, byte deletions and insertions, and truncations.
public enum Mutations {
    /// `count` damaged copies of `payload`, the same for the same `seed`.
    public static func of(_ payload: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
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

import Foundation
import HTTPClient

/// SHA-256 (FIPS 180-4), fed chunk by chunk: a body of any size is hashed in constant memory.
///
/// A value type: a copy carries the state so far, so ``finalize()`` on a copy gives the digest of the bytes
/// hashed until then while the original goes on.
struct SHA256: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes of an unfinished 64-byte block.
    private var pending = Data()
    private var length: UInt64 = 0

    /// Adds `data` to the message.
    mutating func update(_ data: Data) {
        length &+= UInt64(data.count)
        var rest = data[...]
        if !pending.isEmpty {
            let needed = 64 - pending.count
            pending.append(rest.prefix(needed))
            rest = rest.dropFirst(needed)
            guard pending.count == 64 else { return }
            let block = pending
            pending = Data()
            block.withUnsafeBytes { compress($0) }
        }
        let whole = rest.count - rest.count % 64
        if whole > 0 { rest.prefix(whole).withUnsafeBytes { compress($0) } }
        pending = Data(rest.dropFirst(whole))
    }

    /// The digest of the bytes added so far: 32 bytes.
    func finalize() -> Data {
        var copy = self
        let bitLength = length &* 8
        var padding = Data([0x80])
        padding.append(Data(count: (64 + 56 - (pending.count + 1) % 64) % 64))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        copy.length = 0
        copy.update(padding)
        var digest = Data(capacity: 32)
        for word in copy.state {
            digest.append(contentsOf: [
                UInt8(word >> 24), UInt8(word >> 16 & 0xff), UInt8(word >> 8 & 0xff), UInt8(word & 0xff),
            ])
        }
        return digest
    }

    /// The digest of `data`.
    static func digest(of data: Data) -> Data {
        var hash = SHA256()
        hash.update(data)
        return hash.finalize()
    }

    /// Hashes whole 64-byte blocks of `bytes`.
    private mutating func compress(_ bytes: UnsafeRawBufferPointer) {
        var h0 = state[0]
        var h1 = state[1]
        var h2 = state[2]
        var h3 = state[3]
        var h4 = state[4]
        var h5 = state[5]
        var h6 = state[6]
        var h7 = state[7]
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.roundConstants.withUnsafeBufferPointer { k in
                var offset = 0
                while offset + 64 <= bytes.count {
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset &+ i &* 4, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let s0 = rotate(w[i &- 15], 7) ^ rotate(w[i &- 15], 18) ^ (w[i &- 15] &>> 3)
                        let s1 = rotate(w[i &- 2], 17) ^ rotate(w[i &- 2], 19) ^ (w[i &- 2] &>> 10)
                        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                    }
                    var a = h0
                    var b = h1
                    var c = h2
                    var d = h3
                    var e = h4
                    var f = h5
                    var g = h6
                    var h = h7
                    for i in 0..<64 {
                        let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g
                        g = f
                        f = e
                        e = d &+ t1
                        d = c
                        c = b
                        b = a
                        a = t1 &+ s0 &+ majority
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    offset &+= 64
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }
}

@inline(__always)
private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value &>> count | value &<< (32 &- count)
}

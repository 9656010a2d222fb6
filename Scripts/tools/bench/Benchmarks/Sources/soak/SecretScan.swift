/// Looks for secrets in log entries.
///
/// Every secret here is a run of `[A-Za-z0-9_-]` (URL-safe access tokens, the soak's stored tokens), so each
/// entry is cut into maximal runs of those characters and every run is looked up; within a longer run every
/// window of a secret's length is looked up too, so a secret glued to other token characters is found as well.
enum SecretScan {
    struct Result {
        /// Entries that contain at least one of the secrets.
        var entries: Int
        /// Distinct secrets that appeared.
        var distinctSecrets: Int
    }

    static func scan(_ entries: [String], for secrets: Set<String>) -> Result {
        var byLength: [Int: Set<ArraySlice<UInt8>>] = [:]
        for secret in secrets where !secret.isEmpty {
            byLength[secret.utf8.count, default: []].insert(ArraySlice(secret.utf8))
        }
        guard let shortest = byLength.keys.min() else { return Result(entries: 0, distinctSecrets: 0) }
        var found = Set<ArraySlice<UInt8>>()
        var leakingEntries = 0
        for entry in entries {
            var leaked = false
            let bytes = Array(entry.utf8)
            var start = 0
            while start < bytes.count {
                guard isTokenByte(bytes[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
                if end - start >= shortest {
                    for (length, candidates) in byLength where length <= end - start {
                        for offset in start...(end - length) {
                            let window = bytes[offset..<(offset + length)]
                            if candidates.contains(window) {
                                found.insert(ArraySlice(Array(window)))
                                leaked = true
                            }
                        }
                    }
                }
                start = end
            }
            if leaked { leakingEntries += 1 }
        }
        return Result(entries: leakingEntries, distinctSecrets: found.count)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

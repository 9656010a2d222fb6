import Foundation
import HTTPClientSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one entry of a ``DiskHTTPCacheStore`` as its body arrives: the head at once, then each chunk, to a
/// temporary file beside the entries; the checksum goes on at commit, when the file is renamed into place.
/// Discarding, failing, or being released uncommitted removes the temporary file.
final class DiskEntryWriter: HTTPCacheEntryWriter {
    private struct State {
        var descriptor: Int32
        var written: Int64 = 0
        var checksum: UInt64
        var failed = false
        var finished = false
    }

    private let store: DiskHTTPCacheStore
    private let key: HTTPCacheKey
    private let variant: [String: String]
    private let bodyLength: Int64
    private let fileSize: Int
    /// The temporary file's path.
    let temporary: String
    private let state: LockedValue<State>

    /// Starts the temporary file with the preamble and the head; `nil` when the whole file would be larger than
    /// the store's byte limit, the body longer than the format allows, or the file cannot be written.
    init?(store: DiskHTTPCacheStore, key: HTTPCacheKey, entry: HTTPCacheEntry, bodyLength: Int64) {
        guard bodyLength >= 0, bodyLength <= Int64(UInt32.max) else { return nil }
        let head = DiskEntryFormat.head(entry, for: key, bodyLength: UInt32(bodyLength))
        let payloadLength = Int64(head.count) + bodyLength
        let preamble = DiskEntryFormat.preamble(payloadLength: UInt64(payloadLength))
        let fileSize = Int64(preamble.count) + payloadLength + 8
        guard fileSize <= Int64(store.byteLimit),
            let (temporary, descriptor) = EntryFile.createTemporary(in: store.entries.path)
        else { return nil }
        guard preamble.withUnsafeBytes({ EntryFile.writeAll($0, to: descriptor) }),
            head.withUnsafeBytes({ EntryFile.writeAll($0, to: descriptor) })
        else {
            close(descriptor)
            EntryFile.remove(temporary)
            return nil
        }
        self.store = store
        self.key = key
        self.variant = entry.variant
        self.bodyLength = bodyLength
        self.fileSize = Int(fileSize)
        self.temporary = temporary
        state = LockedValue(State(descriptor: descriptor, checksum: head.withUnsafeBytes { FNV1a.hash($0) }))
    }

    deinit {
        discard()
    }

    func write(_ chunk: Data) {
        state.withLock { state in
            guard !state.failed, !state.finished else { return }
            guard Int64(chunk.count) <= bodyLength - state.written,
                chunk.withUnsafeBytes({ EntryFile.writeAll($0, to: state.descriptor) })
            else {
                state.failed = true
                return
            }
            state.written += Int64(chunk.count)
            state.checksum = chunk.withUnsafeBytes { FNV1a.hash($0, seed: state.checksum) }
        }
    }

    @discardableResult
    func commit() -> Bool {
        let complete = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            defer { close(state.descriptor) }
            guard !state.failed, state.written == bodyLength else { return false }
            let trailer = DiskEntryFormat.trailer(checksum: state.checksum)
            guard trailer.withUnsafeBytes({ EntryFile.writeAll($0, to: state.descriptor) }) else { return false }
            EntryFile.markUsed(state.descriptor)
            return true
        }
        guard complete else {
            EntryFile.remove(temporary)
            return false
        }
        return store.install(temporary, size: fileSize, for: key, variant: variant)
    }

    func discard() {
        let open = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            close(state.descriptor)
            return true
        }
        if open { EntryFile.remove(temporary) }
    }
}

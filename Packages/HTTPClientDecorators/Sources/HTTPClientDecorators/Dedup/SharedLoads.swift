import Foundation
import HTTPClient
import HTTPClientSupport

/// The loads of a ``DeduplicatingHTTPClient`` in flight, keyed by request.
///
/// A lock rather than an actor: joining and removing are short and never suspend, so callers need no hop.
final class SharedLoads: Sendable {
    typealias Load = SharedTask<(Data, HTTPResponse)>

    private struct State {
        var entries: [Key: (id: Int, load: Load)] = [:]
        var nextID = 0
    }

    private let state = LockedValue(State())

    /// Joins the load in flight for `key`, or starts `load` and joins that.
    func join(
        _ key: Key, load: @escaping @Sendable () async throws -> (Data, HTTPResponse)
    ) -> (Load, Load.Member, isShared: Bool) {
        state.withLock { state in
            if let entry = state.entries[key], let member = entry.load.join() {
                return (entry.load, member, true)
            }
            let id = state.nextID
            state.nextID += 1
            let key = key.stored(as: id)
            let shared = Load(cancelsWhenAbandoned: true) {
                let result: Result<(Data, HTTPResponse), any Error>
                do {
                    result = .success(try await load())
                } catch {
                    result = .failure(error)
                }
                self.remove(key, id: id)  // before anyone sees the result, so a later request loads again
                return try result.get()
            }
            state.entries[key] = (id, shared)
            return (shared, shared.creator, false)
        }
    }

    private func remove(_ key: Key, id: Int) {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key), state.entries.values[index].id == id else { return }
            state.entries.remove(at: index)
        }
    }
}

extension SharedLoads {
    /// A request's ``HTTPRequestSnapshot`` with its hash computed once, without sorting or copying headers.
    ///
    /// Keys are equal when their snapshots are; the hash is consistent with that equality (header names
    /// lowercased, header order ignored, as `HTTPHeaders` compares them). A key stored with an entry carries
    /// the entry's ID, so removing the entry with that same key needs no comparison of snapshots.
    struct Key: Hashable, Sendable {
        let snapshot: HTTPRequestSnapshot
        private let hash: Int
        private var entryID: Int?

        init(_ request: any HTTPRequest) {
            snapshot = HTTPRequestSnapshot(request)
            var hasher = Hasher()
            hasher.combine(snapshot.method)
            hasher.combine(snapshot.version)
            hasher.combine(snapshot.path)
            hasher.combine(snapshot.queryParameter)
            hasher.combine(snapshot.body)
            if let headers = snapshot.headers {
                var fields = 0  // order-independent: the sum of each field's own hash
                for (name, value) in headers {
                    var fieldHasher = Hasher()
                    fieldHasher.combine(name.lowercased())
                    fieldHasher.combine(value)
                    fields &+= fieldHasher.finalize()
                }
                hasher.combine(headers.count)
                hasher.combine(fields)
            }
            hash = hasher.finalize()
        }

        /// This key as stored with the entry `id`.
        fileprivate func stored(as id: Int) -> Key {
            var key = self
            key.entryID = id
            return key
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.hash == rhs.hash else { return false }
            if let id = lhs.entryID, id == rhs.entryID { return true }  // copies of one stored key
            return lhs.snapshot == rhs.snapshot
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }
}

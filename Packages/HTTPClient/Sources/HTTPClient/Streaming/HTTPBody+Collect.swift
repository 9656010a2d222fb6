import Foundation

extension HTTPBody {
    /// Reads the whole body into memory, refusing more than `maximumBytes`.
    /// - Throws: ``HTTPBodyError/tooLarge(limit:)`` past the limit (before reading anything when the length
    ///   says so), or whatever reading throws.
    public func collect(upTo maximumBytes: Int) async throws -> Data {
        if case .known(let count) = length, count > Int64(maximumBytes) {
            throw HTTPBodyError.tooLarge(limit: maximumBytes)
        }
        if case .data(let data) = source { return data }
        var collected = Data()
        if case .known(let count) = length { collected.reserveCapacity(Int(count)) }
        for try await chunk in self {
            guard chunk.count <= maximumBytes - collected.count else {
                throw HTTPBodyError.tooLarge(limit: maximumBytes)
            }
            collected.append(chunk)
        }
        return collected
    }
}

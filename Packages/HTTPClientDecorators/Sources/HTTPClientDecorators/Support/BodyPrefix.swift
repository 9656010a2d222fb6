import Foundation
import HTTPClient

/// Reads the first bytes of a response body that will not be handed on: the part of a failure's body an
/// error carries.
enum BodyPrefix {
    /// The most bytes of a streamed failure's body that ``HTTPClient/HTTPError/httpCode(statusCode:data:)``
    /// carries.
    static let errorBodyLimit = 1_024

    /// Up to `limit` bytes from the start of `body`, read no further than needed. A body that fails part way
    /// gives what arrived before; a cancellation is rethrown.
    static func read(_ body: HTTPBody, upTo limit: Int) async throws -> Data {
        var prefix = Data()
        guard limit > 0 else { return prefix }
        do {
            for try await chunk in body {
                prefix.append(chunk.prefix(limit - prefix.count))
                if prefix.count >= limit { break }
            }
        } catch {
            if HTTPTransportError.isCancellation(error) { throw error }
        }
        return prefix
    }
}

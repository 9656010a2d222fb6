import Foundation

/// Reads how long the Stack Exchange API asks a client to wait before calling the same method again.
///
/// That is the wrapper's `backoff`, or the wait a `throttle_violation` error names ("more requests available
/// in N seconds"), whatever the status it came with. A composition root uses it to hold requests back; the
/// feature's own mappers report the wrapper's `backoff` too.
public enum BackoffMapper {
    /// The wait `data` asks for, held to ``Backoff/ceiling``, or `nil` when it asks for none (or is not the
    /// API's JSON).
    /// - Parameter data: A response body of the Stack Exchange API, already decompressed.
    public static func map(data: Data) -> Backoff? {
        let decoder = JSONDecoder()
        if let error = try? decoder.decode(ErrorDTO.self, from: data) {
            let apiError = StackExchangeAPIError(id: error.errorID, name: error.errorName, message: error.errorMessage)
            return apiError.isThrottleViolation ? apiError.retryAfterSeconds.flatMap(Backoff.init(seconds:)) : nil
        }
        guard let wrapper = try? decoder.decode(BackoffDTO.self, from: data) else { return nil }
        return wrapper.backoff.flatMap(Backoff.init(seconds:))
    }
}

/// Just the wrapper's `backoff`, whatever its items are.
private struct BackoffDTO: Decodable {
    let backoff: Int?
}

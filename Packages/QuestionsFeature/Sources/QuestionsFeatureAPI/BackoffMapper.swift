import Foundation
import HTTPClient

/// Reads how long the Stack Exchange API asks a client to wait before calling the same method again.
///
/// That is the wrapper's `backoff`, or the wait a `throttle_violation` error names ("more requests available
/// in N seconds"). A composition root uses it to hold requests back; the feature's own mappers report it too.
public enum BackoffMapper {
    /// The seconds to wait that `data` asks for, or `nil` when it asks for none (or is not the API's JSON).
    /// - Parameters:
    ///   - data: A response body of the Stack Exchange API, already decompressed.
    ///   - response: The response it came with.
    public static func map(data: Data, response: HTTPResponse) -> Int? {
        let decoder = JSONDecoder()
        if let error = try? decoder.decode(ErrorDTO.self, from: data) {
            let apiError = StackExchangeAPIError(id: error.errorID, name: error.errorName, message: error.errorMessage)
            return apiError.isThrottleViolation ? apiError.retryAfterSeconds : nil
        }
        guard let wrapper = try? decoder.decode(BackoffDTO.self, from: data) else { return nil }
        return StackExchangeResponse.backoff(wrapper.backoff)
    }
}

/// Just the wrapper's `backoff`, whatever its items are.
private struct BackoffDTO: Decodable {
    let backoff: Int?
}

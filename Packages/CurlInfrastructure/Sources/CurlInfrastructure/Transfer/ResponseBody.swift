import Foundation
import HTTPClient
import HTTPClientSupport

/// What the body callback tells libcurl about the bytes it was handed.
enum BodyVerdict {
    /// Keep going.
    case accepted
    /// The consumer is behind: pause receiving until the loop gets a `resume` command.
    case pause
    /// Stop the transfer and end the load with this error.
    case refuse(HTTPTransportError)
}

/// Collects a response body in memory, up to a limit counted after content decoding.
struct ResponseBody {
    let limit: ResponseSizeLimit
    private(set) var data = Data()

    init(limit: ResponseSizeLimit) {
        self.limit = limit
    }

    /// Appends `bytes`, or refuses them with `responseTooLarge` when they would pass the limit (and then
    /// drops what it had, so memory stays bounded).
    mutating func accept(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        guard !limit.isExceeded(by: data.count + bytes.count) else {
            data = Data()
            return .refuse(.responseTooLarge(limit: limit.maximumBytes))
        }
        data.append(contentsOf: bytes)
        return .accepted
    }

    /// Whether the body that follows a head (`ResponseHead.bodyLength(answering:)`: none after `HEAD`, 204
    /// or 304, whatever `Content-Length` says) is known to pass the limit before any byte arrives.
    func refusesUpFront(_ length: HTTPBodyLength) -> Bool {
        guard case .known(let count) = length else { return false }
        // A known length is never content-encoded, so it is the decoded count.
        return limit.refusesUpFront(expectedLength: count, contentEncoding: nil)
    }
}

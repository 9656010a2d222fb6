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

    /// Whether `head` announces a body past the limit before any byte arrives (see
    /// `ResponseSizeLimit.refusesUpFront(expectedLength:contentEncoding:)`).
    func refusesUpFront(_ head: ResponseHead) -> Bool {
        guard let length = head.value(of: "Content-Length").flatMap({ Int64($0) }) else { return false }
        return limit.refusesUpFront(expectedLength: length, contentEncoding: head.value(of: "Content-Encoding"))
    }
}

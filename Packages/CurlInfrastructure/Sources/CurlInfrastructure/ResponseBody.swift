import Foundation
import HTTPClient

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
    let limit: Int
    private(set) var data = Data()

    init(limit: Int) {
        self.limit = limit
    }

    /// Appends `bytes`, or refuses them with `responseTooLarge` when they would pass the limit (and then
    /// drops what it had, so memory stays bounded).
    mutating func accept(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
        guard data.count + bytes.count <= limit else {
            data = Data()
            return .refuse(.responseTooLarge(limit: limit))
        }
        data.append(contentsOf: bytes)
        return .accepted
    }

    /// Whether `head` announces a body past the limit before any byte arrives: a `Content-Length` over it on a
    /// body without content encoding (an encoded body's length says nothing about its decoded size).
    func refusesUpFront(_ head: ResponseHead) -> Bool {
        guard let length = head.value(of: "Content-Length").flatMap({ Int($0) }), length > limit else {
            return false
        }
        let coding = head.value(of: "Content-Encoding")?.lowercased() ?? ""
        return coding.isEmpty || coding == "identity"
    }
}

import CZlib

/// Why a streamed body could not be decoded as its `Content-Encoding` says; the cause of
/// `HTTPTransportError.undecodableContent(underlying:)`.
enum ContentDecodingError: Error, Sendable, Equatable {
    /// The bytes are not valid `coding` data; `cause` is zlib's report.
    case corrupt(ContentCoding, cause: ZlibError)
    /// The body ended before the `coding` stream did.
    case truncated(ContentCoding)
    /// zlib could not start or go on (for example for lack of memory); `cause` is its report.
    case zlibFailed(ContentCoding, cause: ZlibError)
}

extension ContentDecodingError: CustomStringConvertible {
    var description: String {
        switch self {
        case .corrupt(let coding, let cause): "the \(coding.rawValue) body is corrupt: \(cause)"
        case .truncated(let coding): "the \(coding.rawValue) body ended before its compressed stream did"
        case .zlibFailed(let coding, let cause): "zlib failed decoding the \(coding.rawValue) body: \(cause)"
        }
    }
}

/// A zlib return code and zlib's message for it.
struct ZlibError: Error, Sendable, Equatable, CustomStringConvertible {
    /// zlib's return code, such as `Z_DATA_ERROR` (-3).
    let code: Int32
    /// zlib's message (`msg`), or its generic text for `code` when it gave none.
    let message: String

    init(code: Int32, message: UnsafePointer<CChar>?) {
        self.code = code
        self.message = message.map { String(cString: $0) } ?? zError(code).map { String(cString: $0) } ?? ""
    }

    var description: String { "zlib error \(code): \(message)" }
}

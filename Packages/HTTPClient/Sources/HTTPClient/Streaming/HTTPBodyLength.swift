/// How many bytes a body holds, when that is known before it is read.
public enum HTTPBodyLength: Sendable, Hashable {
    /// Exactly this many bytes; reading a different number is an error.
    case known(Int64)
    /// Not known in advance (a chunked response, say).
    case unknown
}

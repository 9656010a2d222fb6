#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A socket call that failed, with the `errno` it left.
public struct SocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call that failed, for example `"bind"`.
    public let call: String
    /// The `errno` value after the call.
    public let code: Int32

    /// The failed call and the system's text for `errno`, for example `bind: Address already in use`.
    public var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }

    /// The failure of `call`, with the current `errno`.
    static func last(_ call: String) -> SocketError {
        SocketError(call: call, code: errno)
    }
}

import Foundation

/// A transport failure as an archive recorded it: only its text survives, so replay hands this back as the
/// cause inside the `HTTPTransportError` it throws.
public struct HARRecordedError: Error, Equatable, Sendable {
    /// The recorded text, for example `net::ERR_CONNECTION_REFUSED`.
    public let message: String

    /// The failure recorded as `message`.
    public init(message: String) {
        self.message = message
    }
}

extension HARRecordedError: CustomStringConvertible {
    /// The recorded text.
    public var description: String { message }
}

extension HARRecordedError: LocalizedError {
    /// The recorded text, for `localizedDescription`.
    public var errorDescription: String? { message }
}

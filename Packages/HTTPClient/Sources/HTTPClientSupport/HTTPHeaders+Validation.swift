import HTTPClient

extension HTTPHeaders {
    /// Checks that every field goes out as exactly one header line: a name that is not empty, and a name and
    /// value without a carriage return, line feed or NUL. Transports call it before anything is sent.
    ///
    /// ```swift
    /// do { try headers.validateForSending() } catch { throw HTTPTransportError.other(underlying: error) }
    /// ```
    /// - Throws: ``InvalidHeaderFieldError`` for the first field, in order, that cannot be sent.
    public func validateForSending() throws(InvalidHeaderFieldError) {
        for (name, value) in self {
            if name.isEmpty {
                throw InvalidHeaderFieldError(name: name, problem: .emptyName)
            }
            if Self.breaksLine(name) {
                throw InvalidHeaderFieldError(name: name, problem: .lineBreakOrNULInName)
            }
            if Self.breaksLine(value) {
                throw InvalidHeaderFieldError(name: name, problem: .lineBreakOrNULInValue)
            }
        }
    }

    private static func breaksLine(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }
}

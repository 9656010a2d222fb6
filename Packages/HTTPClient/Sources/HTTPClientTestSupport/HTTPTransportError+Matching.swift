import HTTPClient

extension HTTPTransportError {
    /// Whether this is `other`'s case with equal values, for assertions.
    ///
    /// Underlying errors are equal when both are of one `Equatable` type and `==` says so (``TestFailure``,
    /// `URLError`, a component's error enum); any other pair of underlying errors is not equal.
    public func matches(_ other: HTTPTransportError) -> Bool {
        guard kind == other.kind else { return false }
        switch (self, other) {
        case (.invalidURL(let left), .invalidURL(let right)): return left == right
        case (.responseTooLarge(let left), .responseTooLarge(let right)): return left == right
        default: break
        }
        switch (underlying, other.underlying) {
        case (nil, nil): return true
        case (let left?, let right?): return Self.areEqual(left, right)
        default: return false
        }
    }

    /// Compares by the dynamic types alone: an error would otherwise pass as `Equatable` by bridging to `NSError`.
    private static func areEqual(_ left: any Error, _ right: any Error) -> Bool {
        guard ObjectIdentifier(type(of: left)) == ObjectIdentifier(type(of: right)),
            type(of: left) is any Equatable.Type, let left = left as Any as? any Equatable
        else { return false }
        return isEqual(left, to: right)
    }

    private static func isEqual<Value: Equatable>(_ left: Value, to right: any Error) -> Bool {
        (right as? Value) == left
    }
}

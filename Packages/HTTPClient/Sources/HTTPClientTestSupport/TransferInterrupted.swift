/// A transfer that broke partway, as a transport would report it: the failure a scripted body ends with.
public struct TransferInterrupted: Error, Equatable {
    /// Creates the failure.
    public init() {}
}

/// One item of the files screen.
public struct File: Equatable, Sendable {
    /// The identifier the API gives it.
    public let id: Int
    /// The name to show.
    public let name: String

    /// Creates an item.
    /// - Parameters:
    ///   - id: The identifier the API gives it.
    ///   - name: The name to show.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

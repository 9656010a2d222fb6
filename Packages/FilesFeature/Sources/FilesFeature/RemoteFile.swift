/// A file stored on the server, as the Files API lists it.
public struct RemoteFile: Hashable, Sendable {
    /// The file's name on the server: no slashes, not starting with a dot.
    public let name: String
    /// The size in bytes.
    public let size: Int64
    /// The SHA-256 digest of the content, as 64 lowercase hexadecimal digits.
    public let sha256: String

    /// Creates a file description.
    /// - Parameters:
    ///   - name: The file's name on the server.
    ///   - size: The size in bytes.
    ///   - sha256: The SHA-256 digest of the content in hexadecimal.
    public init(name: String, size: Int64, sha256: String) {
        self.name = name
        self.size = size
        self.sha256 = sha256
    }
}

import Foundation

/// A new, empty folder under the system's temporary directory for one test, removed with everything in it by
/// ``remove()`` or when the value is released.
///
/// ```swift
/// let folder = try TemporaryDirectory()
/// try Data("hello".utf8).write(to: folder.file("greeting.txt"))
/// #expect(try folder.contents() == ["greeting.txt"])
/// ```
public final class TemporaryDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder, named `prefix` and a UUID.
    public init(prefix: String = "tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    /// `name` inside the folder; nothing is created.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `contents` to `name` inside the folder and returns its URL.
    public func file(_ name: String, contents: Data) throws -> URL {
        let file = file(name)
        try contents.write(to: file)
        return file
    }

    /// The names of what the folder holds, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Removes the folder and everything in it; removing it again does nothing.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

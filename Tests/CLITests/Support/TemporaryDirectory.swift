import Foundation

/// A private directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("networking-test-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `name` inside the directory.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}

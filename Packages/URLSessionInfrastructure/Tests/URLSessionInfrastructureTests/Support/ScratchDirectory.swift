import Foundation

/// A new empty folder under the system's temporary folder, removed by ``remove()``.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("urlsession-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The names of the files in the folder.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

import Foundation

/// Waits for a file another process writes to reach a size: the signal that a download has written the bytes a
/// test waits for. The file system sends no event a test can await portably, so this checks its size every
/// few milliseconds until it is reached or the time runs out.
enum FileGrowth {
    /// The file did not reach the size in time.
    struct TimedOut: Error, CustomStringConvertible {
        let description: String
    }

    /// Returns once `file` holds at least `bytes` bytes; throws ``TimedOut`` after `timeout`.
    static func waitUntil(_ file: URL, holds bytes: Int, timeout: Duration = .seconds(20)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while size(of: file) < bytes {
            guard clock.now < deadline else {
                throw TimedOut(description: "\(file.path) holds \(size(of: file)) of \(bytes) bytes after \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}

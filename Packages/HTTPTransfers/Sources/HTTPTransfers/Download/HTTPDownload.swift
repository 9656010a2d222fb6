import Foundation
import HTTPClient

/// Where ``HTTPClient/HTTPClient/download(request:to:progress:)`` keeps an unfinished download: beside its destination,
/// until the last byte arrived and the file is moved into place.
///
/// ```swift
/// HTTPDownload.partialFile(for: URL(fileURLWithPath: "/tmp/photo.jpg"))   // /tmp/photo.jpg.partial
/// ```
public enum HTTPDownload {
    /// `NAME.partial` beside `destination`: the bytes so far, which the next download to `destination` resumes.
    public static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".partial")
    }

    /// `NAME.partial.lock` beside `destination`: the file a download holds an exclusive lock on (`flock`) while it
    /// writes to `destination`, holding the process ID of the download; removed when the download ends.
    public static func lockFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(destination.lastPathComponent + ".partial.lock")
    }

    /// `NAME.partial.json` beside `destination`: what the download remembers to ask for the rest of the file.
    public static func resumeRecord(for destination: URL) -> URL {
        destination.deletingLastPathComponent()
            .appendingPathComponent(destination.lastPathComponent + ".partial.json")
    }
}

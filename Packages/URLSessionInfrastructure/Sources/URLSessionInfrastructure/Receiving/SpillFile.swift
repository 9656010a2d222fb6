import Foundation

/// A temporary file that holds the bytes a ``ResponseBodyBuffer`` has no room for in memory, read back in
/// the order they were written.
///
/// It writes through one handle and reads through another, and starts over at offset 0 whenever the reader
/// has caught up, so it holds at most what the reader is behind by. ``remove()`` closes and deletes it.
struct SpillFile {
    /// Where the file is.
    let url: URL
    private let writer: FileHandle
    private let reader: FileHandle
    private var written: UInt64 = 0
    private var read: UInt64 = 0

    /// Bytes written and not read yet.
    var unread: UInt64 { written - read }

    /// Creates an empty file, readable by its owner only, in `directory`.
    /// - Throws: The file system's error.
    init(in directory: URL) throws {
        let url = directory.appendingPathComponent("URLSessionClient-\(UUID().uuidString).body")
        guard
            FileManager.default.createFile(
                atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        do {
            writer = try FileHandle(forWritingTo: url)
            reader = try FileHandle(forReadingFrom: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        self.url = url
    }

    /// Appends `data`.
    mutating func write(_ data: Data) throws {
        try writer.write(contentsOf: data)
        written += UInt64(data.count)
    }

    /// Up to `count` of the unread bytes, oldest first; empties the file once they are all read.
    mutating func read(upTo count: Int) throws -> Data {
        let chunk = try reader.read(upToCount: min(count, Int(clamping: unread))) ?? Data()
        guard !chunk.isEmpty else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path]) }
        read += UInt64(chunk.count)
        if read == written {
            try writer.truncate(atOffset: 0)
            try reader.seek(toOffset: 0)
            read = 0
            written = 0
        }
        return chunk
    }

    /// Closes the file and deletes it.
    func remove() {
        try? writer.close()
        try? reader.close()
        try? FileManager.default.removeItem(at: url)
    }
}

import Foundation
import Synchronization
import Testing

@testable import CommandLineKit

/// ``OutputFile`` on real files in a private temporary directory: regular files, symbolic links, FIFOs, modes.
struct OutputFileTests {
    private let bytes = Array("new content".utf8)

    @Test func aNewFileGetsTheGivenMode() throws {
        let directory = try Scratch()
        let path = directory.path("new.har")

        try OutputFile(path: path, newFileMode: 0o600).write(bytes)

        #expect(try contents(path) == bytes)
        #expect(try mode(path) == 0o600)
        #expect(try directory.names() == ["new.har"], "no temporary file left behind")
    }

    @Test func anExistingFileIsReplacedAndKeepsItsMode() throws {
        let directory = try Scratch()
        let path = directory.path("avatar.png")
        try Data("old, longer content".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)

        try OutputFile(path: path, newFileMode: 0o644).write(bytes)

        #expect(try contents(path) == bytes)
        #expect(try mode(path) == 0o640)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let directory = try Scratch()
        try FileManager.default.createDirectory(atPath: directory.path("target"), withIntermediateDirectories: true)
        let target = directory.path("target/real.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o600)
        let link = directory.path("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target/real.png")

        try OutputFile(path: link, newFileMode: 0o644).write(bytes)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target/real.png")
        #expect(try contents(target) == bytes)
        #expect(try mode(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("target")) == ["real.png"])
    }

    @Test func aDanglingSymbolicLinkCreatesItsTarget() throws {
        let directory = try Scratch()
        let link = directory.path("link.har")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.path("made.har"))

        try OutputFile(path: link, newFileMode: 0o600).write(bytes)

        #expect(try contents(directory.path("made.har")) == bytes)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == directory.path("made.har"))
    }

    @Test func aFIFOIsWrittenInPlace() async throws {
        let directory = try Scratch()
        let fifo = directory.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(path: fifo)

        try OutputFile(path: fifo, newFileMode: 0o644).write(bytes)

        #expect(await reader.contents() == bytes)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test func aMissingFolderIsNamed() throws {
        let directory = try Scratch()
        let path = directory.path("missing/file.png")

        #expect(throws: OutputFile.Error.missingFolder(path: path, folder: directory.path("missing"))) {
            try OutputFile(path: path, newFileMode: 0o644).write(bytes)
        }
    }

    @Test func aFolderIsNotAFile() throws {
        let directory = try Scratch()

        #expect(throws: OutputFile.Error.notAFile(path: directory.url.path)) {
            try OutputFile(path: directory.url.path, newFileMode: 0o644).write(bytes)
        }
    }

    private func contents(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }
}

/// Reads a FIFO to its end on a thread of its own (opening a FIFO blocks until a writer opens it too).
private final class FIFOReader: Sendable {
    private let state = Mutex<(bytes: [UInt8]?, waiter: CheckedContinuation<[UInt8], Never>?)>((nil, nil))

    init(path: String) {
        let thread = Thread { [self] in
            var bytes: [UInt8] = []
            let descriptor = open(path, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let count = read(descriptor, &chunk, chunk.count)
                guard count > 0 else { break }
                bytes += chunk[..<count]
            }
            if descriptor >= 0 { close(descriptor) }
            finish(bytes)
        }
        thread.start()
    }

    func contents() async -> [UInt8] {
        await withCheckedContinuation { continuation in
            let bytes = state.withLock { state in
                if state.bytes == nil { state.waiter = continuation }
                return state.bytes
            }
            if let bytes { continuation.resume(returning: bytes) }
        }
    }

    private func finish(_ bytes: [UInt8]) {
        let waiter = state.withLock { state in
            state.bytes = bytes
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: bytes)
    }
}

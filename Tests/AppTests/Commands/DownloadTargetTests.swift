import Foundation
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `files download NAME [--output PATH]` writes, decided before any byte is fetched; every path is inside a
/// private temporary folder.
struct DownloadTargetTests {
    private let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory(prefix: "download-target")
    }

    private func resolve(_ name: String, _ output: String? = nil) throws -> DownloadTarget {
        try DownloadTarget.resolve(name: name, output: output, in: folder.url)
    }

    private func path(_ name: String) -> String {
        folder.file(name).path
    }

    @Test(arguments: [
        ("a.bin", "a.bin"), ("../token", "token"), ("../../x", "x"), ("a/b/c.txt", "c.txt"), ("..x", "..x"),
        ("a/", "a"),
    ])
    func theDefaultIsTheLastPathComponentInsideTheFolder(name: String, file: String) throws {
        #expect(try resolve(name) == .file(URL(fileURLWithPath: path(file))))
    }

    @Test(arguments: ["..", ".", "/", "a/..", ""])
    func aNameWithoutAFileNameIsRefused(name: String) {
        #expect(throws: DownloadTargetError.noFileName(name: name)) { try resolve(name) }
    }

    @Test func aNameWithoutAFileNameCanStillGoToAnOutputFile() throws {
        #expect(try resolve("..", "b.bin") == .file(URL(fileURLWithPath: path("b.bin"))))
    }

    @Test func aDashIsStandardOutput() throws {
        #expect(try resolve("a.bin", "-") == .standardOutput)
    }

    @Test func anExistingFolderTakesTheFileInside() throws {
        try FileManager.default.createDirectory(at: folder.file("sub"), withIntermediateDirectories: false)

        #expect(try resolve("../a.bin", path("sub")) == .file(URL(fileURLWithPath: path("sub/a.bin"))))
        #expect(try resolve("a.bin", "sub/") == .file(URL(fileURLWithPath: path("sub/a.bin"))))
        #expect(try resolve("sub") == .file(URL(fileURLWithPath: path("sub/sub"))))
    }

    @Test func aTrailingSlashOnAMissingFolderIsRefused() {
        #expect(throws: DownloadTargetError.missingFolder(path: "newdir/")) { try resolve("a.bin", "newdir/") }
    }

    @Test func aMissingParentFolderIsRefused() {
        #expect(throws: DownloadTargetError.missingFolder(path: path("missing"))) {
            try resolve("a.bin", "missing/b.bin")
        }
    }

    @Test func aSymbolicLinkIsFollowedToItsTargetEvenWhenDangling() throws {
        let existing = try folder.file("real.bin", contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: existing.path)
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "new.bin")

        #expect(try resolve("a.bin", "link") == .file(existing))
        #expect(try resolve("a.bin", "dangling") == .file(URL(fileURLWithPath: path("new.bin"))))
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        #expect(mkfifo(path("pipe"), 0o600) == 0)

        #expect(try resolve("a.bin", "pipe") == .inPlace(path: path("pipe")))
    }

    @Test func aReadOnlyFileIsRefusedUnlessTheUserMayWriteIt() throws {
        let file = try folder.file("ro.bin", contents: Data("old".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)

        if access(file.path, W_OK) == 0 {  // root may write any file
            #expect(try resolve("a.bin", "ro.bin") == .file(file))
        } else {
            #expect(throws: DownloadTargetError.readOnly(path: file.path)) { try resolve("a.bin", "ro.bin") }
        }
    }
}

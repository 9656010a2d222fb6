import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClientTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `files download NAME [--output PATH]` with hostile names and special outputs, all inside private temporary
/// folders.
@Suite(.timeLimit(.minutes(1)))
struct FilesDownloadTargetCLITests {
    private let content = Data((0..<200_000).map { UInt8($0 % 251) })

    @Test func aNameWithDotDotAndASlashIsOneSegmentAndNothingIsWrittenOutside() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let work = local.file("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "../token"], environment: server.environment(), currentDirectory: work)

            let admin = try DevServerAdmin(server)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(try await admin.count("route:GET /v1/files/..%2Ftoken") == 1)
            #expect(try await admin.count("route:GET /v1/token") == 0)
            #expect(try local.contents() == ["work"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
        }
    }

    @Test func aNameWithPercentHashAndQuestionMarkDownloadsUnderItsOwnName() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        let name = "50% off #1?.bin"
        try content.write(to: served.file(name))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", name], environment: server.environment(), currentDirectory: local.url)

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try Data(contentsOf: local.file(name)) == content)
        }
    }

    @Test func aDashStreamsTheFileToStandardOutput() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        try content.write(to: served.file("a.bin"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "a.bin", "--output", "-"], environment: server.environment(),
                currentDirectory: local.url)

            #expect(outcome.status == 0, "\(outcome.status) \(outcome.stderr)")
            #expect(outcome.stdoutData == content)
            #expect(try local.contents().isEmpty, "no file named - and no partial file")
        }
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        try content.write(to: served.file("a.bin"))
        let fifo = local.file("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let path = fifo.path
        let reading = Task { await readFIFO(path) }
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "a.bin", "--output", fifo.path], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(await reading.value == content)
            #expect(Self.isFIFO(fifo.path))
        }
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        try content.write(to: served.file("a.bin"))
        let target = try local.file("target.bin", contents: Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: local.file("link").path, withDestinationPath: target.path)
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "a.bin", "--output", local.file("link").path], environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: local.file("link").path) == target.path)
            #expect(try Data(contentsOf: target) == content)
        }
    }

    @Test func aReadOnlyFileIsReplacedKeepingItsModeOnlyWhenTheUserMayWriteIt() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        try content.write(to: served.file("a.bin"))
        let file = try local.file("ro.bin", contents: Data("old".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let writable = access(file.path, W_OK) == 0  // root may write any file
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "a.bin", "--output", file.path], environment: server.environment())

            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o444)
            if writable {
                #expect(outcome.status == 0, "\(outcome)")
                #expect(try Data(contentsOf: file) == content)
            } else {
                #expect(outcome.status == 5, "\(outcome)")
                #expect(try Data(contentsOf: file) == Data("old".utf8))
            }
        }
    }

    @Test func aTrailingSlashOnAMissingFolderFailsBeforeAnyRequest() async throws {
        let (served, local) = (try TemporaryDirectory(), try TemporaryDirectory())
        try content.write(to: served.file("a.bin"))
        try await withDevServer(arguments: ["--files-dir", served.url.path]) { server in
            let outcome = try await NetworkingBinary.run(
                ["files", "download", "a.bin", "--output", "newdir/"], environment: server.environment(),
                currentDirectory: local.url)

            #expect(outcome.status == 5, "\(outcome)")
            #expect(outcome.stderr.contains("newdir/"), "\(outcome.stderr)")
            #expect(try await DevServerAdmin(server).count("route:GET /v1/files/a.bin") == 0)
            #expect(try local.contents().isEmpty)
        }
    }

    private static func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }
}

/// The bytes of the FIFO at `path`, read to its end on a thread of its own (opening it blocks until a writer
/// opens it).
private func readFIFO(_ path: String) async -> Data? {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()) }.start()
    }
}

import Foundation
import HTTPClientTestSupport
import Testing

@testable import NetworkingComposition

/// ``PrivateDirectory`` on real folders in a private temporary directory.
struct PrivateDirectoryTests {
    @Test func createsEveryMissingFolderWithMode0700() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.file("a/b/c").path

        try PrivateDirectory.create(path)

        for folder in ["a", "a/b", "a/b/c"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file(folder).path)
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }

    @Test func anExistingFolderIsUsedAsItIs() throws {
        let scratch = try TemporaryDirectory()

        try PrivateDirectory.create(scratch.url.path)

        #expect(PrivateDirectory.problem(scratch.url.path) == nil)
    }

    @Test func aFileInTheWayIsNamedAndNothingIsCreated() throws {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.file("file").path, contents: Data()))
        let path = scratch.file("file/cache").path
        let expected = PrivateDirectory.Problem(
            description: "\(path) cannot be created: \(scratch.file("file").path) is not a directory")

        #expect(PrivateDirectory.problem(path) == expected)
        #expect(throws: expected) { try PrivateDirectory.create(path) }
        #expect(try scratch.contents() == ["file"])
    }

    @Test func aMissingFolderUnderAUsableOneHasNoProblemAndIsNotCreatedByAsking() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.file("x/y").path

        #expect(PrivateDirectory.problem(path) == nil)
        #expect(try scratch.contents().isEmpty)
    }

    @Test func aFileAtThePathItselfIsNotADirectory() throws {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.file("cache").path, contents: Data()))

        #expect(throws: PrivateDirectory.Problem(description: "\(scratch.file("cache").path) is not a directory")) {
            try PrivateDirectory.create(scratch.file("cache").path)
        }
    }
}

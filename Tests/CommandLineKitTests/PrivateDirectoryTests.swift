import Foundation
import Testing

@testable import CommandLineKit

/// ``PrivateDirectory`` on real folders in a private temporary directory.
struct PrivateDirectoryTests {
    @Test func createsEveryMissingFolderWithMode0700() throws {
        let scratch = try Scratch()
        let path = scratch.path("a/b/c")

        try PrivateDirectory.create(path)

        for folder in ["a", "a/b", "a/b/c"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path(folder))
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }

    @Test func anExistingFolderIsUsedAsItIs() throws {
        let scratch = try Scratch()

        try PrivateDirectory.create(scratch.url.path)

        #expect(PrivateDirectory.problem(scratch.url.path) == nil)
    }

    @Test func aFileInTheWayIsNamedAndNothingIsCreated() throws {
        let scratch = try Scratch()
        #expect(FileManager.default.createFile(atPath: scratch.path("file"), contents: Data()))
        let path = scratch.path("file/cache")
        let expected = PrivateDirectory.Problem(
            description: "\(path) cannot be created: \(scratch.path("file")) is not a directory")

        #expect(PrivateDirectory.problem(path) == expected)
        #expect(throws: expected) { try PrivateDirectory.create(path) }
        #expect(try scratch.names() == ["file"])
    }

    @Test func aMissingFolderUnderAUsableOneHasNoProblemAndIsNotCreatedByAsking() throws {
        let scratch = try Scratch()
        let path = scratch.path("x/y")

        #expect(PrivateDirectory.problem(path) == nil)
        #expect(try scratch.names().isEmpty)
    }

    @Test func aFileAtThePathItselfIsNotADirectory() throws {
        let scratch = try Scratch()
        #expect(FileManager.default.createFile(atPath: scratch.path("cache"), contents: Data()))

        #expect(throws: PrivateDirectory.Problem(description: "\(scratch.path("cache")) is not a directory")) {
            try PrivateDirectory.create(scratch.path("cache"))
        }
    }
}

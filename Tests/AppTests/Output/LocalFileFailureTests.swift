import Foundation
import HTTPClient
import HTTPTransfers
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// A file error wrapped by a package (`HTTPBodyError`, `HTTPDownloadError`) reads as one sentence naming the
/// path, the cause in plain words and the fix, however Foundation or POSIX reported it.
struct LocalFileFailureTests {
    @Test(arguments: [
        (ENOENT, "the folder does not exist. Create the folder first, or choose another path."),
        (EACCES, "permission denied. Choose a path you can write to."),
        (EROFS, "the file system is read-only. Choose a path you can write to."),
        (ENOSPC, "the disk is full. Free some disk space, then try again."),
        (ENAMETOOLONG, "the name is too long. Choose a shorter name."),
        (EISDIR, "it is a folder. Give a file name, not a folder."),
    ])
    func aDownloadFileThatCannotBeWrittenSaysWhyAndWhatToDo(code: Int32, ending: String) throws {
        let posix = POSIXError(try #require(POSIXErrorCode(rawValue: code)))
        let nsError = NSError(domain: NSPOSIXErrorDomain, code: Int(code))
        let cocoa = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: nsError])

        for underlying in [posix, nsError, cocoa] as [any Error] {
            let error = HTTPDownloadError.fileSystem(path: "/x/out.bin.partial", underlying: underlying)

            #expect(
                Report.line("Could not download out.bin", error)
                    == "networking: Could not download out.bin: Could not write /x/out.bin.partial: \(ending)\n")
            #expect(FailureClassifier.status(for: error) == AppExitStatus.localFileFailure)
        }
    }

    @Test func anUploadFileThatCannotBeReadSaysWhyAndWhatToDo() {
        let missing = CocoaError(
            .fileReadNoSuchFile,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))])
        let denied = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileReadNoPermission.rawValue)

        #expect(
            Report.line(nil, HTTPBodyError.unreadableFile(path: "/x/a.txt", underlying: missing))
                == "networking: Could not read /x/a.txt: the file does not exist. Check the path.\n")
        #expect(
            Report.line(nil, HTTPBodyError.unreadableFile(path: "/x/a.txt", underlying: denied))
                == "networking: Could not read /x/a.txt: permission denied. "
                + "Check the file's permissions, or choose another file.\n")
    }

    @Test func aFileThatChangedWhileItWasSentSaysNothingWasStored() {
        let error = HTTPBodyError.fileChanged(path: "/x/a.log")

        #expect(
            Report.line(nil, error)
                == "networking: Could not read /x/a.log: it changed while it was read, so nothing was stored. "
                + "Upload it again once nothing writes to it.\n")
        #expect(FailureClassifier.status(for: error) == AppExitStatus.localFileFailure)
    }

    @Test func otherErrorsAreNotFileFailures() {
        #expect(LocalFileFailure(HTTPBodyError.alreadyRead) == nil)
        #expect(LocalFileFailure(HTTPDownloadError.unexpectedPartialContent) == nil)
    }
}

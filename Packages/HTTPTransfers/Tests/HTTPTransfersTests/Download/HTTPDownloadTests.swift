import Foundation
import HTTPClient
import Testing

@testable import HTTPTransfers

@Suite("HTTPDownload")
struct HTTPDownloadTests {
    @Test func theUnfinishedFilesLieBesideTheDestination() {
        let destination = URL(fileURLWithPath: "/data/photos/cat.jpg")

        #expect(HTTPDownload.partialFile(for: destination).path == "/data/photos/cat.jpg.partial")
        #expect(HTTPDownload.resumeRecord(for: destination).path == "/data/photos/cat.jpg.partial.json")
    }
}

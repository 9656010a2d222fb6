import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The resumable upload closures the App builds: the endpoints they address, the records folder they keep,
/// and the stored file they return.
struct FilesResumableCompositionTests {
    private let folder: TemporaryDirectory
    private let records: UploadRecordsFolder

    init() throws {
        folder = try TemporaryDirectory()
        records = UploadRecordsFolder(
            location: .success(CacheLocation(directory: folder.file("cache"))),
            baseURL: try #require(URL(string: "http://files.test/")))
    }

    @Test func tusIsOfferedByTheOptionsAnswer() async throws {
        let client = StreamingScriptedHTTPClient(replies: [
            .status(204, headers: ["Tus-Version": "1.0.0", "Tus-Extension": "creation,termination"])
        ])
        let uploads = try #require(FilesFeatureComposer.actions(client: client, records: records).resumableUploads)

        #expect(try await uploads.offered() == [.tus])
        let request = try #require(await client.requests.first?.request)
        #expect(request.method == .options && request.version == "v1" && request.path == "tus/")
    }

    @Test func aTusUploadWithAnEmptyAnswerIsLookedUpInTheListing() async throws {
        let file = try folder.file("a.bin", contents: Data("data".utf8))
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(
                    statusCode: 201, headers: ["Location": "/v1/tus/abc", "Tus-Resumable": "1.0.0"],
                    url: URL(string: "http://files.test/v1/tus/"))),
            .status(204, headers: ["Upload-Offset": "4", "Tus-Resumable": "1.0.0"]),
            .status(200, chunks: [#"{"files": [{"name": "a.bin", "size": 4, "sha256": "ab"}]}"#]),
        ])
        let uploads = try #require(FilesFeatureComposer.actions(client: client, records: records).resumableUploads)
        let progress = RecordedValues<Int64>()

        let stored = try await uploads.upload(file, .tus) { progress.append($0.completedBytes) }

        #expect(stored == RemoteFile(name: "a.bin", size: 4, sha256: "ab"))
        let requests = await client.requests.map(\.request)
        #expect(requests.map(\.method) == [.post, .patch, .get])
        #expect(requests[0].path == "tus/" && requests[2].path == "files")
        #expect(progress.values.last == 4)
        let folderMode =
            try FileManager.default.attributesOfItem(
                atPath: UploadRecordsFolder.folder(
                    in: CacheLocation(directory: folder.file("cache")), for: records.baseURL
                )
                .path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(try uploads.interrupted(file) == nil, "a completed upload leaves no record")
    }

    @Test func aFileTheListingLacksIsAnUnusableAnswer() async throws {
        let file = try folder.file("a.bin", contents: Data("data".utf8))
        let client = StreamingScriptedHTTPClient(replies: [
            StreamedReply(
                HTTPResponse(
                    statusCode: 201, headers: ["Location": "/v1/tus/abc", "Tus-Resumable": "1.0.0"],
                    url: URL(string: "http://files.test/v1/tus/"))),
            .status(204, headers: ["Upload-Offset": "4", "Tus-Resumable": "1.0.0"]),
            .status(200, chunks: [#"{"files": []}"#]),
        ])
        let uploads = try #require(FilesFeatureComposer.actions(client: client, records: records).resumableUploads)

        await #expect(throws: FilesUploadMapper.Error.notListed(name: "a.bin")) {
            try await uploads.upload(file, .tus) { _ in }
        }
    }

    @Test func withoutACacheDirectoryNoRecordCanBeKept() throws {
        let unusable = UploadRecordsFolder(
            location: .failure(CacheUnavailable(reason: "HOME is unset")), baseURL: records.baseURL)
        let client = StreamingScriptedHTTPClient(replies: [])
        let uploads = try #require(FilesFeatureComposer.actions(client: client, records: unusable).resumableUploads)

        #expect(throws: CacheUnavailable(reason: "HOME is unset")) {
            try uploads.interrupted(folder.file("a.bin"))
        }
    }
}

import DevServerSupport
import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPTransfers
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The Files feature's closures send the ``FilesAPI`` requests through a chain signed like the token API's.
struct FilesFeatureComposerTests {
    @Test func listSendsTheBearerTokenToTheFilesAPIAndMapsTheFiles() async throws {
        let spy = TransportSpy { _ in
            Replies.json(#"{"files":[{"name":"a.txt","size":3,"sha256":"\#(String(repeating: "ab", count: 32))"}]}"#)
        }
        let sut = try FilesFeatureComposer(settings: makeSettings(), factory: spy.factory())

        let files = try await sut.actions.list()

        #expect(files == [RemoteFile(name: "a.txt", size: 3, sha256: String(repeating: "ab", count: 32))])
        let request = try #require(await spy.server.requests.first)
        #expect(request.method == .get && request.version == "v1" && request.path == "files")
        #expect(request.headers?["Authorization"] == "Bearer configured-token")
        #expect(spy.baseURLs.values.map(\.absoluteString) == ["https://files.example.test"])
    }

    @Test func aRejectedTokenIsRefreshedFromTheTokenAPIsIssuingEndpoint() async throws {
        let spy = TransportSpy { request in
            if request.path == "auth/token" { return Replies.issued("fresh") }
            return request.headers?["Authorization"] == "Bearer fresh"
                ? Replies.json(#"{"files":[]}"#) : Replies.unauthorized
        }
        let sut = try FilesFeatureComposer(settings: makeSettings(), factory: spy.factory())

        #expect(try await sut.actions.list().isEmpty)
        #expect(await spy.sentLines == ["GET v1/files", "POST v1/auth/token", "GET v1/files"])
        #expect(
            spy.baseURLs.values.map(\.absoluteString).sorted() == [
                "https://files.example.test", "https://token.example.test",
            ])
    }

    @Test func aMissingFileIsNotFoundAndNothingIsWritten() async throws {
        let spy = TransportSpy { request in
            request.path == "files"
                ? Replies.json(#"{"files":[]}"#) : Replies.json(#"{"error":"no such file"}"#, status: 404)
        }
        let sut = try FilesFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-composer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let error = await #expect(throws: FilesDownloadMapper.Error.self) {
            try await sut.actions.download("gone.txt", directory.appendingPathComponent("gone.txt")) { _ in }
        }

        #expect(error.map(FailureClassifier.status(for:)) == .notFound)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(await spy.sentLines == ["GET v1/files", "GET v1/files/gone.txt"])
    }

    /// The download lists first and keeps the file only when it has the SHA-256 the listing states.
    @Test(arguments: [true, false])
    func aDownloadMustHaveTheListedDigest(listedMatches: Bool) async throws {
        let content = Data("the file's bytes".utf8)
        let other = Data("other bytes".utf8)
        let listed = try SHA256Sum.hex(listedMatches ? content : other)
        let spy = TransportSpy { request in
            guard request.path == "files" else {
                return (content, HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/octet-stream"]))
            }
            return Replies.json(#"{"files":[{"name":"a.bin","size":\#(content.count),"sha256":"\#(listed)"}]}"#)
        }
        let sut = try FilesFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("files-composer-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("a.bin")

        if listedMatches {
            try await sut.actions.download("a.bin", destination) { _ in }

            #expect(try Data(contentsOf: destination) == content)
        } else {
            let error = await #expect(throws: HTTPDownloadError.self) {
                try await sut.actions.download("a.bin", destination) { _ in }
            }

            guard case .digestMismatch(.sha256, let expected, _) = error else {
                Issue.record("got \(String(describing: error))")
                return
            }
            #expect(expected == listed)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
        #expect(await spy.sentLines == ["GET v1/files", "GET v1/files/a.bin"])
    }
}

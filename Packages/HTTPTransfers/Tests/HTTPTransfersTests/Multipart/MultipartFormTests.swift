import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPTransfers

struct MultipartFormTests {
    @Test func encodesTextDataAndFilePartsWithTheirExactLength() async throws {
        let folder = try TemporaryDirectory()
        let photo = folder.file("photo.jpg")
        try Data("JPEG".utf8).write(to: photo)
        var form = MultipartForm()
        form.append(name: "title", value: "Holiday")
        form.append(name: "blob", data: Data([0, 1, 2]), filename: "a.bin")
        form.append(name: "json", data: Data("{}".utf8), contentType: "application/json")
        try form.append(name: "file", fileURL: photo, contentType: "image/jpeg")

        let body = form.makeBody()
        let encoded = try await body.collect(upTo: 10_000)

        let boundary = form.boundary
        var expected = Data()
        expected.append(
            Data(
                """
                --\(boundary)\r
                Content-Disposition: form-data; name="title"\r
                \r
                Holiday\r
                --\(boundary)\r
                Content-Disposition: form-data; name="blob"; filename="a.bin"\r
                Content-Type: application/octet-stream\r
                \r

                """.utf8))
        expected.append(Data([0, 1, 2]))
        expected.append(
            Data(
                """
                \r
                --\(boundary)\r
                Content-Disposition: form-data; name="json"\r
                Content-Type: application/json\r
                \r
                {}\r
                --\(boundary)\r
                Content-Disposition: form-data; name="file"; filename="photo.jpg"\r
                Content-Type: image/jpeg\r
                \r
                JPEG\r
                --\(boundary)--\r

                """.utf8))
        #expect(encoded == expected)
        #expect(body.length == .known(Int64(expected.count)))
        #expect(body.isReplayable)
        #expect(try await body.collect(upTo: 10_000) == expected)
    }

    @Test func theContentTypeNamesTheBoundary() {
        let form = MultipartForm()

        #expect(form.contentType == "multipart/form-data; boundary=\(form.boundary)")
    }

    @Test func everyFormHasAFreshBoundaryOfAllowedCharacters() {
        let boundaries = (0..<20).map { _ in MultipartForm().boundary }

        #expect(Set(boundaries).count == 20)
        for boundary in boundaries {
            #expect((1...70).contains(boundary.count))
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
    }

    @Test func namesAndFilenamesCannotBreakTheFraming() async throws {
        var form = MultipartForm()
        form.append(
            name: "a\"b\r\nc", data: Data("x".utf8), filename: "evil\".txt\r\n--\(form.boundary)--",
            contentType: "text/plain\r\nX-Injected: 1")

        let text = String(decoding: try await form.makeBody().collect(upTo: 10_000), as: UTF8.self)

        #expect(
            text.contains(
                "name=\"a%22b%0D%0Ac\"; filename=\"evil_.txt__--\(form.boundary)--\"; "
                    + "filename*=UTF-8''evil%22.txt%0D%0A--\(form.boundary)--\r\n"
                    + "Content-Type: text/plainX-Injected: 1\r\n"
            ))
        #expect(text.components(separatedBy: "\r\n--\(form.boundary)").count == 2)  // only the closing delimiter
    }

    @Test(arguments: [
        ("plain name.txt", "; filename=\"plain name.txt\""),
        ("caf\u{E9} \u{2713}.txt", "; filename=\"caf_ _.txt\"; filename*=UTF-8''caf%C3%A9%20%E2%9C%93.txt"),
        ("a\"b\\c%d.txt", "; filename=\"a_b_c_d.txt\"; filename*=UTF-8''a%22b%5Cc%25d.txt"),
    ])
    func aFileNameThatNeedsItTravelsAsRFC8187AfterAnASCIIFallback(name: String, parameters: String) async throws {
        var form = MultipartForm()
        form.append(name: "file", data: Data("x".utf8), filename: name)

        let text = String(decoding: try await form.makeBody().collect(upTo: 10_000), as: UTF8.self)

        #expect(text.contains("Content-Disposition: form-data; name=\"file\"\(parameters)\r\n"), "\(text)")
    }

    @Test func aFilePartIsStreamedFromDiskWithAKnownLength() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("big.bin")
        let bytes = sampleBytes(200_000)
        try bytes.write(to: file)
        var form = MultipartForm()
        try form.append(name: "file", fileURL: file)

        let body = form.makeBody()
        var chunkCount = 0
        var total = 0
        for try await chunk in body {
            chunkCount += 1
            total += chunk.count
        }

        #expect(chunkCount > 3)
        #expect(body.length == .known(Int64(total)))
        let encoded = try await body.collect(upTo: 300_000)
        #expect(encoded.range(of: bytes) != nil)
        #expect(String(decoding: encoded.prefix(200), as: UTF8.self).contains("filename=\"big.bin\""))
    }

    @Test func appendingAMissingFileOrAFolderThrows() throws {
        let folder = try TemporaryDirectory()
        var form = MultipartForm()

        #expect(throws: HTTPBodyError.self) { try form.append(name: "file", fileURL: folder.file("missing.bin")) }
        #expect(throws: HTTPBodyError.self) { try form.append(name: "file", fileURL: folder.url) }
    }

    @Test func anEmptyFormIsTheClosingBoundary() async throws {
        let form = MultipartForm()

        let encoded = try await form.makeBody().collect(upTo: 1_000)

        #expect(encoded == Data("--\(form.boundary)--\r\n".utf8))
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

struct HTTPBodyConcatenationTests {
    @Test func readsEveryPartInOrderAndSumsKnownLengths() async throws {
        let body = HTTPBody(concatenating: [HTTPBody(Data("ab".utf8)), HTTPBody(Data()), HTTPBody(Data("c".utf8))])

        #expect(body.length == .known(3))
        #expect(body.isReplayable)
        #expect(try await body.collect(upTo: 3) == Data("abc".utf8))
        #expect(try await body.collect(upTo: 3) == Data("abc".utf8))
    }

    @Test func oneUnknownOrSinglePassPartMakesTheWholeSo() async throws {
        let body = HTTPBody(concatenating: [
            HTTPBody(Data("a".utf8)), HTTPBody(singlePass([Data("b".utf8)]), length: .unknown),
        ])

        #expect(body.length == .unknown)
        #expect(!body.isReplayable)
        #expect(try await body.collect(upTo: 2) == Data("ab".utf8))
        await #expect(throws: HTTPBodyError.self) { try await body.collect(upTo: 2) }
    }

    @Test func lengthsPastInt64AreUnknown() {
        let huge = HTTPBody(singlePass([]), length: .known(.max))

        #expect(HTTPBody(concatenating: [huge, HTTPBody(Data("a".utf8))]).length == .unknown)
    }
}

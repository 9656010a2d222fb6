import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

@testable import HTTPCaching

/// One byte range cut from a stored answer or a stored part.
struct RangedAnswerTests {
    private static func whole(_ body: String = "abcdef", headers: HTTPHeaders = ["ETag": "\"1\""])
        -> (Data, HTTPResponse)
    {
        (Data(body.utf8), HTTPResponse(statusCode: 200, headers: headers))
    }

    private static func ranged(_ range: String, _ answer: (Data, HTTPResponse) = whole(), method: HTTPMethod = .get)
        -> (Data, HTTPResponse)
    {
        RangedAnswer.ranged(answer, for: TestRequest(method: method, headers: ["Range": range]))
    }

    @Test func aSatisfiableRangeGivesPartialContent() {
        let answer = Self.ranged("bytes=1-2")

        #expect(answer.1.statusCode == 206 && text(answer) == "bc")
        #expect(answer.1.headers?["Content-Range"] == "bytes 1-2/6" && answer.1.headers?["Content-Length"] == "2")
    }

    @Test func aRangePastTheEndIsNotSatisfiable() {
        let answer = Self.ranged("bytes=9-", Self.whole(headers: ["X-Cache": "hit", "Age": "3"]))

        #expect(answer.1.statusCode == 416 && answer.0.isEmpty)
        #expect(answer.1.headers?["Content-Range"] == "bytes */6" && answer.1.headers?["Age"] == "3")
        #expect(HTTPCacheOutcome(answer.1) == .hit)
    }

    @Test func theAnswerIsUnchangedWithoutARangeItCanCut() {
        #expect(text(RangedAnswer.ranged(Self.whole(), for: TestRequest())) == "abcdef")
        #expect(Self.ranged("bytes=0-1,3-4").1.statusCode == 200)
        #expect(Self.ranged("bytes=0-1", method: .head).1.statusCode == 200)
        #expect(Self.ranged("bytes=0-1", Self.whole(headers: ["Content-Encoding": "gzip"])).1.statusCode == 200)
        let conditional = TestRequest(headers: ["Range": "bytes=0-1", "If-Range": "\"1\""])
        #expect(RangedAnswer.ranged(Self.whole(), for: conditional).1.statusCode == 200)
    }

    @Test func aPartGivesTheSliceItHolds() {
        let part = (Data("cdef".utf8), HTTPResponse(statusCode: 206, headers: ["Content-Range": "bytes 2-5/10"]))

        let answer = Self.ranged("bytes=3-4", part)

        #expect(answer.1.statusCode == 206 && text(answer) == "de")
        #expect(answer.1.headers?["Content-Range"] == "bytes 3-4/10" && answer.1.headers?["Content-Length"] == "2")
    }

    @Test func aPartOutsideTheRangeIsUnchanged() {
        let part = (Data("cdef".utf8), HTTPResponse(statusCode: 206, headers: ["Content-Range": "bytes 2-5/10"]))

        #expect(text(Self.ranged("bytes=0-3", part)) == "cdef")
    }
}

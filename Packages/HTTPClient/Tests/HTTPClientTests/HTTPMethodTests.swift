import HTTPClient
import Testing

struct HTTPMethodTests {
    @Test func namesAreTheWireSpellings() {
        #expect(HTTPMethod.allCases.map(\.name) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
    }

    @Test func onlyPostAndPatchAreNotIdempotent() {
        #expect(HTTPMethod.allCases.filter { !$0.isIdempotent } == [.post, .patch])
    }
}

import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPRequestSnapshotTests {
    @Test func equalRequestsGiveEqualSnapshots() {
        let lhs = TestRequest(headers: ["Accept": "a"], queryParameter: ["q": "1"])
        let rhs = TestRequest(headers: ["accept": "a"], queryParameter: ["q": "1"])

        #expect(HTTPRequestSnapshot(lhs) == HTTPRequestSnapshot(rhs))
    }

    @Test func emptyHeadersAndQueryEqualNone() {
        #expect(
            HTTPRequestSnapshot(TestRequest(headers: [:], queryParameter: [:])) == HTTPRequestSnapshot(TestRequest()))
    }

    @Test(arguments: [
        TestRequest(method: .post), TestRequest(path: "other"), TestRequest(version: "v2"),
        TestRequest(headers: ["A": "1"]), TestRequest(queryParameter: ["q": "1"]), TestRequest(body: Data([1])),
    ])
    func anyDifferingPropertyMakesSnapshotsDiffer(request: TestRequest) {
        #expect(HTTPRequestSnapshot(request) != HTTPRequestSnapshot(TestRequest()))
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import TokenFeatureAPI

@Suite struct AccessTokenAPITests {
    @Test func issueIsARepeatablePostOfV1AuthTokenAcceptingJSON() {
        let request = HTTPRequestSnapshot(AccessTokenAPI.issue)

        #expect(request.method == .post)
        #expect(request.version == "v1")
        #expect(request.path == "auth/token")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.queryParameter == nil)
        #expect(request.body == nil)
        #expect(request.isSafeToRepeat)
    }
}

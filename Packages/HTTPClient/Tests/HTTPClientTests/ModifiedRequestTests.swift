import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct ModifiedRequestTests {
    @Test func startsEqualToTheOriginal() {
        let original = makeRequest()

        let modified = ModifiedRequest(original)

        #expect(HTTPRequestSnapshot(modified) == HTTPRequestSnapshot(original))
    }

    @Test(arguments: [false, true])
    func keepsWhetherTheOriginalIsSafeToRepeat(isSafeToRepeat: Bool) {
        var original = TestRequest(method: .post)
        original.isSafeToRepeat = isSafeToRepeat

        #expect(original.settingHeader("X-A", to: "1").isSafeToRepeat == isSafeToRepeat)
        #expect(original.settingQueryParameters(["a": "1"]).isSafeToRepeat == isSafeToRepeat)
        #expect(HTTPRequestSnapshot(original).isSafeToRepeat == isSafeToRepeat)
    }

    @Test func settingHeadersReplacesSameNamedFieldsAndKeepsEverythingElse() {
        let original = makeRequest()

        let modified = original.settingHeaders(["accept": "text/plain", "Authorization": "Bearer x"])

        #expect(modified.headers == ["Accept": "text/plain", "X-Id": "1", "Authorization": "Bearer x"])
        #expect(modified.method == original.method)
        #expect(modified.path == original.path)
        #expect(modified.version == original.version)
        #expect(modified.queryParameter == original.queryParameter)
        #expect(modified.body == original.body)
    }

    @Test(arguments: [
        TestRequest(), TestRequest(headers: [:]), TestRequest(headers: ["Accept": "a/b", "authorization": "old"]),
        TestRequest(method: .post, headers: ["X-B": "2", "authorization": "x", "X-A": "1"], body: Data([1])),
    ])
    func settingOneHeaderDerivesWhatSettingHeadersDerivesInTheSameFieldOrder(request: TestRequest) {
        let one = request.settingHeader("Authorization", to: "Bearer x")
        let many = request.settingHeaders(["Authorization": "Bearer x"])

        #expect(HTTPRequestSnapshot(one) == HTTPRequestSnapshot(many))
        #expect(one.headers.map { Array($0).map(\.name) } == many.headers.map { Array($0).map(\.name) })
        #expect(one.headers?["authorization"] == "Bearer x")
    }

    @Test func settingQueryParametersAddsAndReplacesItems() {
        let modified = makeRequest().settingQueryParameters(["page": "2", "site": "x"])

        #expect(modified.queryParameter == ["page": "2", "site": "x"])
    }

    @Test func settingHeadersOnARequestWithoutHeadersCreatesThem() {
        let modified = TestRequest(headers: nil).settingHeaders(["A": "1"])

        #expect(modified.headers == ["A": "1"])
    }

    @Test func derivingTwiceKeepsTheFirstDerivation() {
        let twice = makeRequest().settingHeaders(["A": "1"]).settingHeaders(["B": "2"])

        #expect(twice.headers?["A"] == "1")
        #expect(twice.headers?["B"] == "2")
        #expect(twice.body == Data("body".utf8))
    }

    @Test func keepsTheOriginalForDecoratorsThatNeedIt() {
        let modified = makeRequest().settingHeaders(["A": "1"])

        #expect((modified.original as? TestRequest) == makeRequest())
    }

    private func makeRequest() -> TestRequest {
        TestRequest(
            method: .put, path: "items/1", version: "v2", headers: ["Accept": "application/json", "X-Id": "1"],
            queryParameter: ["page": "1"], body: Data("body".utf8))
    }
}

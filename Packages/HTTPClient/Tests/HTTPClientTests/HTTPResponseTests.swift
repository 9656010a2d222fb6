import HTTPClient
import Testing

struct HTTPResponseTests {
    @Test(arguments: [
        (100, "informational"), (199, "informational"), (200, "success"), (204, "success"), (299, "success"),
        (300, "redirectional"), (304, "redirectional"), (400, "client"), (404, "client"), (499, "client"),
        (500, "server"), (503, "server"), (599, "server"), (99, "none"), (600, "none"),
    ])
    func classifiesEveryStatusIntoExactlyOneClass(statusCode: Int, expected: String) {
        let response = HTTPResponse(statusCode: statusCode)
        let classes = [
            ("informational", response.isInformational), ("success", response.isSuccess),
            ("redirectional", response.isRedirectional), ("client", response.isClientError),
            ("server", response.isServerError),
        ]
        .filter(\.1).map(\.0)

        #expect(classes == (expected == "none" ? [] : [expected]))
        #expect(response.isError == (expected == "client" || expected == "server"))
    }

    @Test func keepsHeadersAndDefaultsToNone() {
        #expect(HTTPResponse(statusCode: 200).headers == nil)
        #expect(HTTPResponse(statusCode: 200, headers: ["A": "1"]).headers?["a"] == "1")
    }
}

import Foundation
import HTTPClient
import QuestionsFeatureAPI
import Testing

struct BackoffMapperTests {
    private let ok = HTTPResponse(statusCode: 200)

    @Test func readsTheWrappersBackoff() {
        #expect(BackoffMapper.map(data: Data(#"{"items":[],"has_more":false,"backoff":10}"#.utf8), response: ok) == 10)
    }

    @Test func readsTheWaitAThrottleViolationNames() {
        let body =
            #"{"error_id":502,"error_name":"throttle_violation","error_message":"too many requests from this IP, more requests available in 30 seconds"}"#

        #expect(BackoffMapper.map(data: Data(body.utf8), response: HTTPResponse(statusCode: 400)) == 30)
    }

    @Test(arguments: [
        #"{"items":[]}"#, #"{"items":[],"backoff":0}"#, "not json",
        #"{"error_id":400,"error_name":"bad_parameter","error_message":"pagesize"}"#,
        #"{"error_id":502,"error_name":"throttle_violation","error_message":"more requests available in 0 seconds"}"#,
    ])
    func asksForNoWaitOtherwise(body: String) {
        #expect(BackoffMapper.map(data: Data(body.utf8), response: ok) == nil)
    }
}

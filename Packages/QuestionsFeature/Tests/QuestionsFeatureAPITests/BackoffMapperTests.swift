import Foundation
import HTTPClient
import QuestionsFeatureAPI
import Testing

struct BackoffMapperTests {
    @Test func readsTheWrappersBackoff() {
        #expect(BackoffMapper.map(data: Data(#"{"items":[],"has_more":false,"backoff":10}"#.utf8))?.seconds == 10)
    }

    @Test func readsTheWaitAThrottleViolationNames() {
        let body =
            #"{"error_id":502,"error_name":"throttle_violation","#
            + #""error_message":"too many requests from this IP, more requests available in 30 seconds"}"#

        #expect(BackoffMapper.map(data: Data(body.utf8))?.seconds == 30)
    }

    @Test func holdsAWaitToTheCeilingOfOneDay() {
        #expect(BackoffMapper.map(data: Data(#"{"items":[],"backoff":999999999}"#.utf8))?.seconds == 86_400)
    }

    @Test(arguments: [
        #"{"items":[]}"#, #"{"items":[],"backoff":0}"#, #"{"items":[],"backoff":-5}"#, "not json",
        #"{"error_id":400,"error_name":"bad_parameter","error_message":"pagesize"}"#,
        #"{"error_id":502,"error_name":"throttle_violation","error_message":"more requests available in 0 seconds"}"#,
    ])
    func asksForNoWaitOtherwise(body: String) {
        #expect(BackoffMapper.map(data: Data(body.utf8)) == nil)
    }
}

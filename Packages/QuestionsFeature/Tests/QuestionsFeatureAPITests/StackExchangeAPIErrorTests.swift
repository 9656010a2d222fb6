import QuestionsFeatureAPI
import Testing

@Suite struct StackExchangeAPIErrorTests {
    private let throttled = StackExchangeAPIError(
        id: 502, name: "throttle_violation",
        message: "too many requests from this IP, more requests available in 30 seconds")

    @Test func describesItselfWithTheAPIsWords() {
        #expect(
            throttled.localizedDescription
                == "The Stack Exchange API refused the request: too many requests from this IP, more requests "
                + "available in 30 seconds (throttle_violation, error 502)."
        )
    }

    @Test func throttlingSaysHowLongToWait() {
        #expect(throttled.isThrottleViolation)
        #expect(throttled.retryAfterSeconds == 30)
        #expect(throttled.recoverySuggestion == "Wait 30 seconds before trying again.")
    }

    @Test func throttlingWithoutADurationStillSaysToWait() {
        let error = StackExchangeAPIError(
            id: 502, name: "throttle_violation", message: "too many requests from this IP")

        #expect(error.retryAfterSeconds == nil)
        #expect(error.recoverySuggestion == "Wait a while before trying again.")
    }

    @Test(arguments: ["available in 0 seconds", "available in -5 seconds"])
    func aWaitThatIsNotPositiveIsNoWait(message: String) {
        let error = StackExchangeAPIError(id: 502, name: "throttle_violation", message: message)

        #expect(error.retryAfterSeconds == nil)
        #expect(error.recoverySuggestion == "Wait a while before trying again.")
    }

    @Test(arguments: [
        ("bad_parameter", "Check the request's parameters: site, tags, sort order, page size and page."),
        ("no_method", "Check the question ID and the server's base URL."),
        ("invalid_access_token", "Sign in again with a valid access token."),
        ("temporarily_unavailable", "Wait a moment, then try again."),
    ])
    func suggestsWhatToDo(name: String, suggestion: String) {
        #expect(StackExchangeAPIError(id: 400, name: name, message: "m").recoverySuggestion == suggestion)
    }

    @Test func unknownErrorsHaveNoSuggestion() {
        #expect(StackExchangeAPIError(id: 999, name: "new_kind", message: "m").recoverySuggestion == nil)
    }
}

/// One page of questions, with what the API's wrapper says about paging, quota and throttling.
public struct QuestionsPage: Equatable, Sendable {
    /// The questions on this page, in the order the API sent them.
    public var questions: [Question]
    /// Whether more pages follow.
    public var hasMore: Bool
    /// The daily request quota, when the API reports it.
    public var quotaMax: Int?
    /// The requests left of today's quota, when the API reports it.
    public var quotaRemaining: Int?
    /// Seconds to wait before calling the same API method again, when the API asks for it.
    ///
    /// The Stack Exchange API sets `backoff` when it is under load; a client that calls the same method
    /// sooner may be throttled (`throttle_violation`). Only positive values are kept.
    public var backoffSeconds: Int?

    /// Creates a page.
    public init(
        questions: [Question], hasMore: Bool, quotaMax: Int? = nil, quotaRemaining: Int? = nil,
        backoffSeconds: Int? = nil
    ) {
        self.questions = questions
        self.hasMore = hasMore
        self.quotaMax = quotaMax
        self.quotaRemaining = quotaRemaining
        self.backoffSeconds = backoffSeconds
    }
}

import QuestionsFeature

/// `networking questions --json`: the query that was sent and the page that came back.
struct QuestionsDocument: Encodable {
    let query: QueryJSON
    let questions: [QuestionJSON]
    let hasMore: Bool
    let quotaMax: Int?
    let quotaRemaining: Int?
    let backoffSeconds: Int?

    init(query: QuestionsQuery, page: QuestionsPage) {
        self.query = QueryJSON(query)
        questions = page.questions.map(QuestionJSON.init)
        hasMore = page.hasMore
        quotaMax = page.quotaMax
        quotaRemaining = page.quotaRemaining
        backoffSeconds = page.backoffSeconds
    }
}

/// A `QuestionsQuery` in a `--json` document.
struct QueryJSON: Encodable {
    let site: String
    let order: String
    let sort: String
    let tagged: [String]
    let pageSize: Int
    let page: Int

    init(_ query: QuestionsQuery) {
        site = query.site
        order = query.order.rawValue
        sort = query.sort.rawValue
        tagged = query.tagged
        pageSize = query.pageSize
        page = query.page
    }
}

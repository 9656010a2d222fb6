/// Which questions to list: the parameters of the API's `/questions` method.
///
/// The defaults ask for the top-voted `swiftui` questions on Stack Overflow, ten per page.
public struct QuestionsQuery: Hashable, Sendable {
    /// The direction of the sort.
    public enum Order: String, Hashable, Sendable, CaseIterable {
        /// Lowest first (`asc`).
        case ascending = "asc"
        /// Highest first (`desc`).
        case descending = "desc"
    }

    /// What to sort by.
    public enum Sort: String, Hashable, Sendable, CaseIterable {
        /// By the date of the last activity.
        case activity
        /// By score.
        case votes
        /// By creation date.
        case creation
        /// By the site's current "hot" formula.
        case hot
        /// By the "hot" formula over the past week.
        case week
        /// By the "hot" formula over the past month.
        case month
    }

    /// The site's API name, for example `"stackoverflow"`.
    public var site: String
    /// The direction of the sort.
    public var order: Order
    /// What to sort by.
    public var sort: Sort
    /// Questions must have all these tags; empty for any.
    public var tagged: [String]
    /// Questions per page; the API accepts 0 to 100.
    public var pageSize: Int
    /// The page to fetch, starting at 1.
    public var page: Int

    /// Creates a query; by default the top-voted `swiftui` questions on Stack Overflow, ten per page.
    public init(
        site: String = "stackoverflow",
        order: Order = .descending,
        sort: Sort = .votes,
        tagged: [String] = ["swiftui"],
        pageSize: Int = 10,
        page: Int = 1
    ) {
        self.site = site
        self.order = order
        self.sort = sort
        self.tagged = tagged
        self.pageSize = pageSize
        self.page = page
    }
}

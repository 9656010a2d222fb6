import HTTPClient
import QuestionsFeature

/// The Stack Exchange API 2.3 endpoints the feature uses, relative to the API's base URL
/// (`https://api.stackexchange.com`).
///
/// - ``topQuestions(_:)``: `GET 2.3/questions?site=…&order=…&sort=…&tagged=…&pagesize=…&page=…`
/// - ``question(id:site:)``: `GET 2.3/questions/{id}?site=…&filter=withbody`
///
/// Responses are always compressed by the API; decompressing them is the HTTP client's job.
public enum QuestionsAPI: HTTPURLTemplated {
    /// A page of questions; map the response with ``QuestionsMapper``.
    case topQuestions(QuestionsQuery)
    /// One question with its body; map the response with ``QuestionMapper``.
    case question(id: Question.ID, site: String = "stackoverflow")

    /// The API version segment.
    public static let apiVersion: HTTPVersion = "2.3"

    /// The API method this endpoint calls, named as the API's documentation names it (`questions`,
    /// `questions/{ids}`), like an OpenAPI `operationId`: the unit the API's `backoff` applies to.
    public var apiMethod: String {
        switch self {
        case .topQuestions: "questions"
        case .question: "questions/{ids}"
        }
    }

    /// The path with the question ids as a placeholder, for telemetry: `/2.3/questions` or
    /// `/2.3/questions/{ids}`.
    public var urlTemplate: String { "/\(Self.apiVersion)/\(apiMethod)" }

    public var method: HTTPMethod { .get }

    public var version: HTTPVersion { Self.apiVersion }

    public var path: HTTPPath {
        switch self {
        case .topQuestions: "questions"
        case .question(let id, _): "questions/\(id.rawValue)"
        }
    }

    public var headers: HTTPHeaders? { ["Accept": "application/json"] }

    public var queryParameter: HTTPQueryParameter? {
        switch self {
        case .topQuestions(let query):
            var parameters = [
                "site": query.site,
                "order": query.order.rawValue,
                "sort": query.sort.rawValue,
                "pagesize": String(query.pageSize),
                "page": String(query.page),
            ]
            if !query.tagged.isEmpty { parameters["tagged"] = query.tagged.joined(separator: ";") }
            return parameters
        case .question(_, let site):
            return ["site": site, "filter": "withbody"]
        }
    }
}

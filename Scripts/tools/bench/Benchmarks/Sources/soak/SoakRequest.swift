import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import TokenFeatureAPI

/// The soak's logical requests: the features' own endpoints (`TokenAPI`, `QuestionsAPI`), each tagged with
/// `X-Soak-ID` so that the counting transport can attribute every attempt to its request.
enum SoakRequest {
    /// `TokenAPI.token`: `GET v1/token`.
    case readToken(id: Int)
    /// `TokenAPI.update(token:)`: `POST v1/token` with `token` as the text body.
    case storeToken(id: Int, token: String)
    /// `QuestionsAPI.topQuestions(_:)` on any tag: `GET 2.3/questions?site=stackoverflow&…`.
    case questions(id: Int, page: Int, pageSize: Int, sort: QuestionsQuery.Sort)

    static let idHeader = "X-Soak-ID"

    var id: Int {
        switch self {
        case .readToken(let id), .storeToken(let id, _), .questions(let id, _, _, _): id
        }
    }

    /// The feature's endpoint this request sends.
    var endpoint: any HTTPRequest {
        switch self {
        case .readToken: TokenAPI.token
        case .storeToken(_, let token): TokenAPI.update(token: token)
        case .questions(_, let page, let pageSize, let sort):
            QuestionsAPI.topQuestions(QuestionsQuery(sort: sort, tagged: [], pageSize: pageSize, page: page))
        }
    }

    /// The endpoint with its `X-Soak-ID` header: what the soak loads.
    var tagged: ModifiedRequest {
        endpoint.settingHeader(Self.idHeader, to: "\(id)")
    }
}

import Foundation
import HTTPClient

/// The soak's logical requests, shaped like the App's (`TokenAPI`, the Stack Exchange questions call), each
/// tagged with `X-Soak-ID` so that the counting transport can attribute every attempt to its request.
enum SoakRequest: HTTPRequest {
    /// `GET v1/token` (`Accept: text/plain`).
    case readToken(id: Int)
    /// `POST v1/token` with `token` as the text body.
    case storeToken(id: Int, token: String)
    /// `GET 2.3/questions?site=stackoverflow&…` (`Accept: application/json`).
    case questions(id: Int, page: Int, pageSize: Int, sort: String)

    static let idHeader = "X-Soak-ID"

    var id: Int {
        switch self {
        case .readToken(let id), .storeToken(let id, _), .questions(let id, _, _, _): id
        }
    }

    var method: HTTPMethod {
        switch self {
        case .storeToken: .post
        case .readToken, .questions: .get
        }
    }

    var version: HTTPVersion {
        switch self {
        case .readToken, .storeToken: "v1"
        case .questions: "2.3"
        }
    }

    var path: HTTPPath {
        switch self {
        case .readToken, .storeToken: "token"
        case .questions: "questions"
        }
    }

    var headers: HTTPHeaders? {
        switch self {
        case .readToken(let id): ["Accept": "text/plain", Self.idHeader: "\(id)"]
        case .storeToken(let id, _): ["Content-Type": "text/plain; charset=utf-8", Self.idHeader: "\(id)"]
        case .questions(let id, _, _, _): ["Accept": "application/json", Self.idHeader: "\(id)"]
        }
    }

    var queryParameter: HTTPQueryParameter? {
        switch self {
        case .readToken, .storeToken: nil
        case .questions(_, let page, let pageSize, let sort):
            ["site": "stackoverflow", "page": "\(page)", "pagesize": "\(pageSize)", "sort": sort, "order": "desc"]
        }
    }

    var body: Data? {
        switch self {
        case .storeToken(_, let token): Data(token.utf8)
        case .readToken, .questions: nil
        }
    }
}

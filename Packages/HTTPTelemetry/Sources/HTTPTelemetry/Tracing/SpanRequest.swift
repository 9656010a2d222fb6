import Foundation
import HTTPClient
import HTTPClientSupport

/// What a span keeps of the request it stands for: enough to form its name, `url.full` and `server.*` when
/// the span is exported, and no body or header.
enum SpanRequest: Sendable {
    /// A request a caller sent, relative to the tracing layer's base URL.
    case sent(SentRequest)
    /// The request a transport sent after following a redirect: its method and absolute URL.
    case redirected(method: String, url: URL)

    /// The parts of a caller's request that its URL and name are formed from.
    struct SentRequest: HTTPRequest {
        let method: HTTPMethod
        let path: HTTPPath
        let version: HTTPVersion
        let queryParameter: HTTPQueryParameter?
        /// The `url.template` the request states, if any.
        let template: String?
    }

    /// The parts of `request` a span needs, with the request's `query` as already read.
    init(_ request: any HTTPRequest, query: HTTPQueryParameter?) {
        self = .sent(
            SentRequest(
                method: request.method, path: request.path, version: request.version, queryParameter: query,
                template: request.statedURLTemplate))
    }

    /// The method as sent.
    var method: String {
        switch self {
        case .sent(let request): request.method.rawValue
        case .redirected(let method, _): method
        }
    }

    /// The `url.template` the request states; a redirected request has none.
    var template: String? {
        switch self {
        case .sent(let request): request.template
        case .redirected: nil
        }
    }

    /// The request's absolute URL, formed against `urls` for a request a caller sent; `nil` when none can be
    /// formed.
    func url(builtWith urls: HTTPURLBuilder) -> URL? {
        switch self {
        case .sent(let request): try? urls.url(for: request)
        case .redirected(_, let url): url
        }
    }
}

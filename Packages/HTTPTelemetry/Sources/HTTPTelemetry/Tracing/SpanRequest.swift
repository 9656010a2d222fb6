import Foundation
import HTTPClient
import HTTPClientSupport

/// What a span keeps of the request it stands for, read when the span is exported to form its name,
/// `url.full`, `url.template` and `server.*`. A span never keeps a request body alive.
enum SpanRequest: Sendable {
    /// A request a caller sent, relative to the tracing layer's base URL: the request itself when it has no
    /// body, else a copy of its method, path, version, query and template.
    case sent(any HTTPRequest)
    /// The request a transport sent after following a redirect: its method and absolute URL.
    case redirected(method: String, url: URL)

    /// The parts of a request with a body that its URL and name are formed from.
    private struct BodilessRequest: HTTPRequest {
        let method: HTTPMethod
        let path: HTTPPath
        let version: HTTPVersion
        let queryParameter: HTTPQueryParameter?
        /// The `url.template` the request stated, if any.
        let template: String?
    }

    /// What a span keeps of `request`.
    init(_ request: any HTTPRequest) {
        guard request.body != nil else {
            self = .sent(request)
            return
        }
        self = .sent(
            BodilessRequest(
                method: request.method, path: request.path, version: request.version,
                queryParameter: request.queryParameter, template: request.statedURLTemplate))
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
        case .sent(let request as BodilessRequest): request.template
        case .sent(let request): request.statedURLTemplate
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

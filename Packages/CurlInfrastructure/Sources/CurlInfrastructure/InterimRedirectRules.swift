import Foundation
import HTTPClient

/// ``RedirectPolicy`` applied to one redirect: never `https` to `http`, credentials removed once the chain
/// leaves the original origin, loops and one redirect past the limit fail with `tooManyRedirects`.
struct PolicyRedirectRules: RedirectRules {
    /// Headers that carry credentials and never cross to another origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    let policy: RedirectPolicy

    func step(after head: ResponseHead, to request: CurlRequest, chain: inout RedirectChain) -> RedirectStep {
        guard var next = RedirectProposal.request(after: head, to: request) else { return .handBack }
        let target = next.url
        let crosses =
            chain.leftOrigin || Origin(target) != Origin(request.url) || Origin(target) != Origin(chain.original)
        let downgrade = request.url.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http"
        let followed = chain.visited.count - 1
        if policy == .never || downgrade || (policy == .sameOrigin && crosses) { return .handBack }
        if chain.visited.contains(where: { Visit($0) == Visit(next) }) {
            return .fail(
                .tooManyRedirects(
                    underlying: "redirect loop after \(followed + 1) redirects: \(target.redactedString) "
                        + "was already visited"))
        }
        if followed >= policy.limit {
            return .fail(
                .tooManyRedirects(
                    underlying: "more than \(policy.limit) redirects; the last one pointed to \(target.redactedString)")
            )
        }
        if crosses {
            for name in Self.credentialHeaders { next.headers[name] = nil }
        }
        chain.visited.append(next)
        chain.leftOrigin = crosses
        return .follow(next)
    }

    /// A request of the chain as a loop check sees it: method and URL without the fragment.
    private struct Visit: Equatable {
        let method: HTTPMethod
        let origin: Origin
        let path: String
        let query: String?

        init(_ request: CurlRequest) {
            method = request.method
            origin = Origin(request.url)
            path = request.url.path
            query = request.url.query
        }
    }
}

/// A URL's scheme, host and port (the scheme's default port when none is written), compared case-insensitively.
private struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}

import Foundation
import HTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What to do with one redirect: the pure rule behind ``RedirectPolicy``.
///
/// The chain so far is described by the original URL, the URL that answered with the redirect and the
/// URLs already visited; the outcome is the request to send next, the 3xx to hand back, or an error.
struct RedirectDecision: Equatable {
    /// What the client does with the redirect.
    enum Outcome: Equatable {
        /// Send this request (credentials already removed when the origin changed).
        case follow(URLRequest)
        /// Return the redirect response to the caller as it is.
        case handBack
        /// End the load with this error.
        case fail(HTTPTransportError)
    }

    /// Headers that carry credentials and never cross to another origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    let outcome: Outcome
    /// Whether the chain has left the original origin once it follows this redirect.
    let leavesOrigin: Bool

    /// Decides on the redirect from `current` to `proposed`.
    /// - Parameters:
    ///   - policy: The client's redirect policy.
    ///   - original: The URL the caller asked for.
    ///   - current: The URL that answered with the redirect.
    ///   - proposed: The request URLSession would send next.
    ///   - visited: Every request of the chain so far, the original first; its count minus one is the number
    ///     of redirects already followed. Proposing one of them again is a loop.
    ///   - leftOrigin: Whether an earlier redirect already left the original origin.
    init(
        policy: RedirectPolicy, original: URL, current: URL, proposed: URLRequest, visited: [Visit], leftOrigin: Bool
    ) {
        guard let target = proposed.url else {
            self.init(outcome: .handBack, leavesOrigin: leftOrigin)
            return
        }
        let crosses =
            leftOrigin || Origin(target) != Origin(current) || Origin(target) != Origin(original)
        let downgrade = current.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http"
        let followed = max(visited.count - 1, 0)
        if policy == .never || downgrade || (policy == .sameOrigin && crosses) {
            self.init(outcome: .handBack, leavesOrigin: leftOrigin)
        } else if visited.contains(Visit(proposed)) {
            self.init(
                outcome: .fail(
                    .tooManyRedirects(
                        underlying: "redirect loop after \(followed + 1) redirects: \(target.redactedString) "
                            + "was already visited")),
                leavesOrigin: crosses)
        } else if followed >= policy.limit {
            self.init(
                outcome: .fail(
                    .tooManyRedirects(
                        underlying: "more than \(policy.limit) redirects; the last one pointed to "
                            + target.redactedString)),
                leavesOrigin: crosses)
        } else {
            var next = proposed
            if crosses {
                for name in Self.credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
            }
            self.init(outcome: .follow(next), leavesOrigin: crosses)
        }
    }

    private init(outcome: Outcome, leavesOrigin: Bool) {
        self.outcome = outcome
        self.leavesOrigin = leavesOrigin
    }

    /// One request of a redirect chain: its method and its URL without the fragment (which is never sent).
    struct Visit: Hashable {
        let method: String
        let origin: Origin
        let path: String
        let query: String?

        init(_ request: URLRequest) {
            let url = request.url
            method = request.httpMethod?.uppercased() ?? "GET"
            origin = url.map(Origin.init) ?? Origin(scheme: "", host: "", port: nil)
            path = url?.path ?? ""
            query = url?.query
        }
    }
}

/// A URL's scheme, host and port (the scheme's default port when none is written), compared case-insensitively.
struct Origin: Hashable {
    let scheme: String
    let host: String
    let port: Int?

    init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? Self.defaultPorts[scheme]
    }

    private static let defaultPorts = ["http": 80, "https": 443]
}

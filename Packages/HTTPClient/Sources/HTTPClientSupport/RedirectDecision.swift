import Foundation
import HTTPClient

/// What to do with one redirect: the pure rule behind ``RedirectPolicy``, for every transport.
///
/// The chain so far is described by the original URL, the URL that answered with the redirect and the
/// requests already sent; the outcome is to send the next request (without credentials when the origin
/// changed), to hand the 3xx back, or to fail.
public struct RedirectDecision: Sendable {
    /// What the transport does with the redirect.
    public enum Outcome: Sendable {
        /// Send the next request; when `removingCredentials` is `true`, without ``RedirectDecision/credentialHeaders``.
        case follow(removingCredentials: Bool)
        /// Return the redirect response to the caller as it is.
        case handBack
        /// End the load with this error.
        case fail(HTTPTransportError)
    }

    /// Headers that carry credentials and never cross to another origin.
    public static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// `headers` without the fields named in ``credentialHeaders``, whatever their case.
    static func withoutCredentialFields(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(
            headers.filter { field in
                !credentialHeaders.contains { $0.caseInsensitiveCompare(field.name) == .orderedSame }
            }.map { ($0.name, $0.value) })
    }

    /// What the transport does with the redirect.
    public let outcome: Outcome
    /// Whether the chain has left the original origin once it follows this redirect.
    public let leavesOrigin: Bool

    /// Decides on the redirect from `current` to `target`.
    /// - Parameters:
    ///   - policy: The client's redirect policy.
    ///   - original: The URL the caller asked for.
    ///   - current: The URL that answered with the redirect.
    ///   - target: The URL the redirect points to, resolved against `current`.
    ///   - method: The method the next request would use (a 303 turns a `POST` into a `GET`).
    ///   - visited: Every request of the chain so far, the original first; its count minus one is the number
    ///     of redirects already followed. Proposing one of them again is a loop.
    ///   - leftOrigin: Whether an earlier redirect already left the original origin.
    public init(
        policy: RedirectPolicy, original: URL, current: URL, target: URL, method: String, visited: [Visit],
        leftOrigin: Bool
    ) {
        let crosses =
            leftOrigin || Origin(target) != Origin(current) || Origin(target) != Origin(original)
        let downgrade = current.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http"
        let followed = max(visited.count - 1, 0)
        if policy == .never || downgrade || (policy == .sameOrigin && crosses) {
            self.init(outcome: .handBack, leavesOrigin: leftOrigin)
        } else if visited.contains(Visit(method: method, url: target)) {
            self.init(
                outcome: .fail(.tooManyRedirects(underlying: RedirectError.loop(redirects: followed + 1, url: target))),
                leavesOrigin: crosses)
        } else if followed >= policy.limit {
            self.init(
                outcome: .fail(
                    .tooManyRedirects(underlying: RedirectError.limitExceeded(limit: policy.limit, url: target))),
                leavesOrigin: crosses)
        } else {
            self.init(outcome: .follow(removingCredentials: crosses), leavesOrigin: crosses)
        }
    }

    private init(outcome: Outcome, leavesOrigin: Bool) {
        self.outcome = outcome
        self.leavesOrigin = leavesOrigin
    }

    /// One request of a redirect chain: its method and its URL without the fragment (which is never sent).
    public struct Visit: Hashable, Sendable {
        private let method: String
        private let origin: Origin
        private let path: String
        private let query: String?

        /// The visit of a request with `method` (`GET` when `nil`) to `url`.
        public init(method: String?, url: URL?) {
            self.method = method?.uppercased() ?? "GET"
            origin = url.map(Origin.init) ?? Origin(scheme: "", host: "", port: nil)
            path = url?.path ?? ""
            query = url?.query
        }
    }
}

/// A URL's scheme, host and port (the scheme's default port when none is written), compared case-insensitively.
struct Origin: Hashable, Sendable {
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

import Foundation
import HTTPClient

/// What the transfer loop does after a response: the seam between the loop and the redirect rules.
enum RedirectStep: Sendable {
    /// Send this request next, on the same transfer.
    case follow(CurlRequest)
    /// Return the response to the caller as it is.
    case handBack
    /// End the load with this error.
    case fail(HTTPTransportError)
}

/// A transfer's redirect chain so far, kept by the loop and updated by ``RedirectRules``.
struct RedirectChain: Sendable {
    /// The URL the caller asked for.
    let original: URL
    /// Every request of the chain, the original first.
    var visited: [CurlRequest]
    /// Whether a followed redirect left the original origin.
    var leftOrigin = false

    init(original request: CurlRequest) {
        original = request.url
        visited = [request]
    }
}

/// Decides, after each response, whether the transfer follows a redirect.
protocol RedirectRules: Sendable {
    /// The step after `head` answered `request`; updates `chain` when the step is ``RedirectStep/follow(_:)``.
    func step(after head: ResponseHead, to request: CurlRequest, chain: inout RedirectChain) -> RedirectStep
}

/// The request a redirect proposes, the way URLSession forms it: the `Location` resolved against the URL that
/// answered; 303 turns any method but HEAD into GET and 301/302 turn POST into GET, both without the body;
/// 307/308 keep method and body. `nil` for any other status or without a usable `Location`.
enum RedirectProposal {
    static func request(after head: ResponseHead, to request: CurlRequest) -> CurlRequest? {
        guard [301, 302, 303, 307, 308].contains(head.statusCode), let location = head.value(of: "Location"),
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = request
        next.url = target
        let becomesGet =
            (head.statusCode == 303 && request.method != .head)
            || ([301, 302].contains(head.statusCode) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
        }
        return next
    }
}

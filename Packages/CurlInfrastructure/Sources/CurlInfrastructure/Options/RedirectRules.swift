import Foundation
import HTTPClient
import HTTPClientSupport

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
    /// The method the caller asked with.
    let originalMethod: String
    /// The requests of the followed redirects, in order.
    var followed: [RedirectDecision.Visit] = []
    /// Whether a followed redirect left the original origin.
    var leftOrigin = false

    init(original request: CurlRequest) {
        original = request.url
        originalMethod = request.method.rawValue
    }

    /// Every request of the chain, the original first. Made when a redirect is weighed, so a load that is
    /// never redirected takes its URL apart for no visit.
    var visited: [RedirectDecision.Visit] {
        [RedirectDecision.Visit(method: originalMethod, url: original)] + followed
    }

    /// How many requests the chain holds, the original included.
    var count: Int { followed.count + 1 }
}

/// Decides, after each response, whether the transfer follows a redirect: the shared `RedirectDecision` rules
/// for the client's `RedirectPolicy`, applied to the request ``RedirectProposal`` forms.
struct RedirectRules: Sendable {
    let policy: RedirectPolicy

    /// The step after `head` answered `request`; updates `chain` when the step is ``RedirectStep/follow(_:)``.
    func step(after head: ResponseHead, to request: CurlRequest, chain: inout RedirectChain) -> RedirectStep {
        guard var next = RedirectProposal.request(after: head, to: request) else { return .handBack }
        // A streamed body that was read once cannot be sent again: the caller gets the redirect.
        if let upload = next.upload, !upload.isReplayable { return .handBack }
        let decision = RedirectDecision(
            policy: policy, original: chain.original, current: request.url, target: next.url,
            method: next.method.rawValue, visited: chain.visited, leftOrigin: chain.leftOrigin)
        switch decision.outcome {
        case .handBack:
            return .handBack
        case .fail(let error):
            return .fail(error)
        case .follow(let removingCredentials):
            if removingCredentials {
                for name in RedirectDecision.credentialHeaders { next.headers[name] = nil }
            }
            chain.followed.append(RedirectDecision.Visit(method: next.method.rawValue, url: next.url))
            chain.leftOrigin = decision.leavesOrigin
            return .follow(next)
        }
    }
}

/// The request a redirect proposes, the way URLSession forms it: the `Location` resolved against the URL that
/// answered; 303 turns any method but HEAD into GET and 301/302 turn POST into GET, both without the body;
/// 307/308 keep method and body (a streamed body too). `nil` for any other status or without a usable `Location`.
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
            next.upload = nil
        }
        return next
    }
}

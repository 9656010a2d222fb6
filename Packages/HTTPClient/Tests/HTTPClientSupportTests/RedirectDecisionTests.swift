import Foundation
import HTTPClient
import HTTPClientSupport
import Testing

@Suite("RedirectDecision: which redirects are followed and what they carry")
struct RedirectDecisionTests {
    @Test(
        "a same-origin redirect is followed with every header kept", arguments: [RedirectPolicy.standard, .sameOrigin])
    func sameOriginKeepsHeaders(policy: RedirectPolicy) throws {
        let decision = try decide(policy, from: "http://h:8080/a", to: "http://h:8080/b")

        #expect(removesCredentials(decision) == false)
        #expect(!decision.leavesOrigin)
    }

    @Test(
        "a redirect to another scheme, host or port drops the credential headers",
        arguments: ["http://other:8080/b", "http://h:9090/b", "https://h:8080/b", "http://127.0.0.2:8080/b"])
    func crossOriginStripsCredentials(target: String) throws {
        let decision = try decide(.standard, from: "http://h:8080/a", to: target)

        #expect(removesCredentials(decision) == true)
        #expect(decision.leavesOrigin)
    }

    @Test("once the chain has left the origin, credentials stay dropped even back on the original origin")
    func strippedAfterLeavingOrigin() throws {
        let decision = try decide(
            .standard, original: "http://h/a", from: "http://other/b", to: "http://h/c", leftOrigin: true)

        #expect(removesCredentials(decision) == true)
    }

    @Test("a scheme's default port written out is the same origin")
    func defaultPortIsSameOrigin() throws {
        let decision = try decide(.sameOrigin, from: "http://h/a", to: "http://H:80/b")

        #expect(removesCredentials(decision) == false)
    }

    @Test("https to http is never followed", arguments: [RedirectPolicy.standard, .follow(max: 50), .sameOrigin])
    func downgradeHandedBack(policy: RedirectPolicy) throws {
        #expect(isHandedBack(try decide(policy, from: "https://h/a", to: "http://h/b")))
    }

    @Test("never hands back every redirect")
    func neverHandsBack() throws {
        #expect(isHandedBack(try decide(.never, from: "http://h/a", to: "http://h/b")))
    }

    @Test("sameOrigin hands back a redirect to another origin")
    func sameOriginHandsBackCrossOrigin() throws {
        #expect(isHandedBack(try decide(.sameOrigin, from: "http://h/a", to: "http://other/b")))
    }

    @Test("the redirect past the limit fails, naming the count and the redacted URL", arguments: [0, 1, 10])
    func limit(max: Int) throws {
        let visited = try (0...max).map { try visit("http://h/\($0)") }
        let withinLimit = try decide(
            .follow(max: max), from: "http://h/x", to: "http://h/next", visited: Array(visited.dropLast()))
        let pastLimit = try decide(
            .follow(max: max), from: "http://h/x", to: "http://user:secret@h/next", visited: visited)

        if max > 0 { #expect(isFollowed(withinLimit)) }
        guard case .fail(.tooManyRedirects(let underlying)) = pastLimit.outcome else {
            Issue.record("expected tooManyRedirects, got \(pastLimit.outcome)")
            return
        }
        let target = try #require(URL(string: "http://user:secret@h/next"))
        #expect(underlying as? RedirectError == .limitExceeded(limit: max, url: target))
        #expect("\(underlying)" == "more than \(max) redirects; the last one pointed to http://[redacted]@h/next")
    }

    @Test("a negative limit follows no redirect")
    func negativeLimit() throws {
        let decision = try decide(.follow(max: -1), from: "http://h/a", to: "http://h/b")

        guard case .fail(.tooManyRedirects(let underlying)) = decision.outcome else {
            Issue.record("expected tooManyRedirects, got \(decision.outcome)")
            return
        }
        #expect(underlying as? RedirectError == .limitExceeded(limit: 0, url: try #require(URL(string: "http://h/b"))))
    }

    @Test("sameOrigin follows at most 10")
    func sameOriginLimit() throws {
        let visited = try (0...10).map { try visit("http://h/\($0)") }

        let decision = try decide(.sameOrigin, from: "http://h/x", to: "http://h/next", visited: visited)

        guard case .fail(.tooManyRedirects) = decision.outcome else {
            Issue.record("expected tooManyRedirects, got \(decision.outcome)")
            return
        }
    }

    @Test("a redirect to a request already in the chain is a loop")
    func loop() throws {
        let visited = [try visit("http://h/a"), try visit("http://h/b")]

        let decision = try decide(.standard, from: "http://h/b", to: "http://h/a#frag", visited: visited)

        guard case .fail(.tooManyRedirects(let underlying)) = decision.outcome else {
            Issue.record("expected tooManyRedirects, got \(decision.outcome)")
            return
        }
        #expect(underlying as? RedirectError == .loop(redirects: 2, url: try #require(URL(string: "http://h/a#frag"))))
        #expect("\(underlying)" == "redirect loop after 2 redirects: http://h/a#frag was already visited")
    }

    @Test("a POST answered with 303 to its own URL is not a loop: the GET is a new request")
    func seeOtherToSameURL() throws {
        let post = try visit("http://h/form", method: "POST")

        let decision = try decide(.standard, from: "http://h/form", to: "http://h/form", visited: [post])

        #expect(isFollowed(decision))
    }

    // MARK: - Helpers

    private func decide(
        _ policy: RedirectPolicy, original: String? = nil, from current: String, to target: String,
        method: String = "GET", visited: [RedirectDecision.Visit]? = nil, leftOrigin: Bool = false
    ) throws -> RedirectDecision {
        RedirectDecision(
            policy: policy, original: try #require(URL(string: original ?? current)),
            current: try #require(URL(string: current)), target: try #require(URL(string: target)), method: method,
            visited: try visited ?? [visit(current)], leftOrigin: leftOrigin)
    }

    private func visit(_ url: String, method: String = "GET") throws -> RedirectDecision.Visit {
        let parsed: URL = try #require(URL(string: url))
        return RedirectDecision.Visit(method: method, url: parsed)
    }

    /// Whether the decision follows and drops the credentials; `nil` when it does not follow.
    private func removesCredentials(_ decision: RedirectDecision) -> Bool? {
        guard case .follow(let removing) = decision.outcome else { return nil }
        return removing
    }

    private func isHandedBack(_ decision: RedirectDecision) -> Bool {
        guard case .handBack = decision.outcome else { return false }
        return true
    }

    private func isFollowed(_ decision: RedirectDecision) -> Bool {
        guard case .follow = decision.outcome else { return false }
        return true
    }
}

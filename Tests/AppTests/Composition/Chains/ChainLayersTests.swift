import Foundation
import HTTPClient
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// The exact order of every chain the factory builds, outermost first. The behaviour each position buys is
/// asserted in the other chain tests; de-duplication is pinned here because which callers merge depends on
/// timing that a scripted transport cannot observe (the end-to-end tests check it against a real server).
struct ChainLayersTests {
    private let userAgent = "headers(User-Agent: networking/1.0)"

    @Test(arguments: [false, true])
    func questionsChainMergesOutsideHeadersValidationRetryAndLogging(logging: Bool) throws {
        let factory = TransportSpy { _ in Replies.text("") }.factory(logging: logging)

        let client = try factory.questionsClient(baseURL: try #require(URL(string: "https://api.example.test")))

        #expect(
            ChainLayers.names(of: client)
                == ["dedup", userAgent, "contentType", "retry"] + (logging ? ["logging"] : []) + ["transport"])
    }

    @Test(arguments: [false, true])
    func tokenChainSignsInsideRetryAndLogsInsideSigning(logging: Bool) throws {
        let factory = TransportSpy { _ in Replies.text("") }.factory(logging: logging)

        let client = try factory.tokenClient(
            baseURL: try #require(URL(string: "https://token.example.test")), accessToken: { "Bearer a" },
            refreshAccessToken: { "Bearer b" })

        #expect(
            ChainLayers.names(of: client)
                == [userAgent, "contentType", "retry", "refreshingAuth"] + (logging ? ["logging"] : []) + ["transport"])
    }

    /// The files chain signs like the token chain and, unlike every other chain, has no deadline: `--timeout`
    /// never cuts a long transfer.
    @Test(arguments: [false, true])
    func filesChainSignsLikeTheTokenChainAndHasNoDeadline(logging: Bool) throws {
        var factory = TransportSpy { _ in Replies.text("") }.factory(logging: logging)
        factory.deadline = CommandDeadline.start(total: .seconds(30))

        let files = try factory.filesClient(
            baseURL: try #require(URL(string: "https://files.example.test")), accessToken: { "Bearer a" },
            refreshAccessToken: { "Bearer b" })
        let token = try factory.tokenClient(
            baseURL: try #require(URL(string: "https://token.example.test")), accessToken: { "Bearer a" },
            refreshAccessToken: { "Bearer b" })

        let signed =
            [userAgent, "contentType", "retry", "refreshingAuth"] + (logging ? ["logging"] : []) + ["transport"]
        #expect(ChainLayers.names(of: files) == signed)
        #expect(ChainLayers.names(of: token) == ["deadline"] + signed)
    }

    @Test func tokenIssuingChainHandlesErrorsOutermost() throws {
        let factory = TransportSpy { _ in Replies.text("") }.factory(logging: true)

        let client = try factory.tokenIssuingClient(baseURL: try #require(URL(string: "https://token.example.test")))

        #expect(ChainLayers.names(of: client) == ["errors", userAgent, "contentType", "retry", "logging", "transport"])
    }

    @Test func imageChainMergesLikeTheQuestionsChain() throws {
        let factory = TransportSpy { _ in Replies.text("") }.factory()

        let client = try factory.imageClient(origin: try #require(URL(string: "https://cdn.example.test")))

        #expect(ChainLayers.names(of: client) == ["dedup", userAgent, "contentType", "retry", "transport"])
    }
}

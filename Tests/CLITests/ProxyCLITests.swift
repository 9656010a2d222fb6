import DevServerSupport
import EndToEndSupport
import Foundation
import Testing
import URLSessionInfrastructure

/// `--proxy URL`, `--proxy ''` and `NETWORKING_PROXY` against the dev server, through the test proxy.
@Suite(.timeLimit(.minutes(1)))
struct ProxyCLITests {
    private let id = "79123456"

    @Test func theOptionAndTheVariableSendThroughTheProxyAndAnEmptyOptionGoesDirect() async throws {
        try await ConnectProxy.run { proxy in
            try await withDevServer { server in
                let direct = URLSessionClient(baseURL: proxy.url)
                let viaOption = try await NetworkingBinary.run(
                    ["question", id, "--transport", "curl", "--proxy", proxy.url.absoluteString],
                    environment: server.environment())
                let afterOption = try await proxy.counts(with: direct).forward.count
                let viaVariable = try await NetworkingBinary.run(
                    ["question", id, "--transport", "curl"],
                    environment: server.environment(["NETWORKING_PROXY": proxy.url.absoluteString]))
                let afterVariable = try await proxy.counts(with: direct).forward.count
                let bypassing = try await NetworkingBinary.run(
                    ["question", id, "--transport", "curl", "--proxy", ""],
                    environment: server.environment(["NETWORKING_PROXY": proxy.url.absoluteString]))
                let afterBypass = try await proxy.counts(with: direct).forward.count

                #expect(viaOption.status == 0, "\(viaOption)")
                #expect(viaVariable.status == 0, "\(viaVariable)")
                #expect(bypassing.status == 0, "\(bypassing)")
                #expect(afterOption > 0)
                #expect(afterVariable > afterOption)
                #expect(afterBypass == afterVariable)
            }
        }
    }

    #if canImport(FoundationNetworking)
        @Test func urlSessionOnLinuxRefusesAnExplicitProxyInsteadOfGoingDirect() async throws {
            try await ConnectProxy.run { proxy in
                try await withDevServer { server in
                    let outcome = try await NetworkingBinary.run(
                        ["question", id, "--transport", "urlsession", "--proxy", proxy.url.absoluteString],
                        environment: server.environment())

                    #expect(outcome.status != 0, "\(outcome)")
                    #expect(outcome.stderr.contains("Unsupported proxy"), "\(outcome)")
                    #expect(try await proxy.counts(with: URLSessionClient(baseURL: proxy.url)).forward.isEmpty)
                }
            }
        }
    #endif
}

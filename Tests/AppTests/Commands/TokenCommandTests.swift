import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `networking token update -`: the new token comes from standard input, less the terminal's line ending.
struct TokenCommandTests {
    @Test(arguments: [("abc\n", "abc"), ("abc\r\n", "abc"), ("abc", "abc"), ("a b c\n", "a b c")])
    func readsTheNewTokenFromStandardInputWithoutOneLineEnding(input: String, sent: String) async throws {
        let spy = TransportSpy(tokenServer(accepting: "configured-token"))
        let composer = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let console = CapturingConsole(input: Data(input.utf8))

        let status = await TokenCommand(composer: composer, console: console.console).update(.standardInput)

        #expect(status == .success)
        #expect(await spy.server.requests.last?.body == Data(sent.utf8))
    }

    @Test(arguments: ["a b c\n\n", "one\ntwo", "one\rtwo\n", "\rabc"])
    func refusesATokenHoldingALineBreakWithoutSendingAnything(input: String) async throws {
        let spy = TransportSpy(tokenServer(accepting: "configured-token"))
        let composer = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let console = CapturingConsole(input: Data(input.utf8))

        let status = await TokenCommand(composer: composer, console: console.console).update(.standardInput)

        #expect(status == .usage)
        #expect(console.stderr == "networking: the new token on standard input holds a line break\n")
        #expect(await spy.server.requests.isEmpty)
    }

    @Test(arguments: ["\n", "\r\n", "  \n", ""])
    func refusesAnEmptyTokenOnStandardInputWithoutSendingAnything(input: String) async throws {
        let spy = TransportSpy(tokenServer(accepting: "configured-token"))
        let composer = try TokenFeatureComposer(settings: makeSettings(), factory: spy.factory())
        let console = CapturingConsole(input: Data(input.utf8))

        let status = await TokenCommand(composer: composer, console: console.console).update(.standardInput)

        #expect(status == .usage)
        #expect(console.stderr == "networking: the new token on standard input is empty\n")
        #expect(await spy.server.requests.isEmpty)
    }
}

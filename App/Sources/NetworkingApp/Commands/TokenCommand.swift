import CommandLineKit
import Foundation
import NetworkingComposition
import TokenFeature

/// `networking token` and `networking token update`: the token feature's view model, shown in a terminal.
struct TokenCommand {
    let composer: TokenFeatureComposer
    let console: Console

    func show() async -> ExitStatus {
        let viewModel = TokenViewModel(loadToken: composer.loadToken, updateToken: composer.updateToken)
        return await present(viewModel.load(), failing: "Could not load the token")
    }

    func update(_ source: TokenSource) async -> ExitStatus {
        let newToken: String
        switch source {
        case .argument(let value):
            newToken = value
        case .standardInput:
            let input: Data
            do {
                input = try console.readInput()
            } catch {
                console.writeError(Report.line("Could not read the new token", error))
                return .usage
            }
            guard var text = String(data: input, encoding: .utf8) else {
                console.writeError("networking: The new token on standard input is not UTF-8 text.\n")
                return .usage
            }
            // One line ending, "\n" or "\r\n" (a single Character in Swift), is the terminal's, not the token's.
            if text.last?.isNewline == true { text.removeLast() }
            newToken = text
            guard !newToken.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                console.writeError("networking: the new token on standard input is empty\n")
                return .usage
            }
            guard !Self.hasLineBreak(newToken) else {
                console.writeError("networking: the new token on standard input holds a line break\n")
                return .usage
            }
        }
        let viewModel = TokenViewModel(loadToken: composer.loadToken, updateToken: composer.updateToken)
        return await present(viewModel.update(to: newToken), failing: "Could not update the token")
    }

    /// Whether `token` holds a line feed or a carriage return, which no header or stored line can carry.
    static func hasLineBreak(_ token: String) -> Bool {
        token.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
    }

    /// Shows each state; a failure is reported like every other command's (``Report``): what happened, then the
    /// advice that fits its cause.
    private func present(_ states: AsyncStream<TokenViewState>, failing action: String) async -> ExitStatus {
        var status = ExitStatus.success
        for await state in states {
            switch state {
            case .loading, .updating:
                if console.showsProgress { console.writeError(TokenView.render(state) + "\n") }
            case .loaded:
                console.writeOutput(TokenView.render(state) + "\n")
            case .updated:
                // The new token is a secret the user just typed: confirmed, never echoed.
                console.writeOutput("Token updated.\n")
            case .failed(_, let error?):
                status = Report.failure(action, error, console: console)
            case .failed:
                console.writeError("networking: \(FailureClassifier.oneLine(TokenView.render(state)))\n")
                status = .networkFailure
            }
        }
        return status
    }
}

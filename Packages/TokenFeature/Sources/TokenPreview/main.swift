import Foundation
import TokenFeature

// Renders every state of the token screen from built-in sample closures: no network, no server.

struct SampleError: LocalizedError {
    let errorDescription: String?
    let recoverySuggestion: String?
}

func show(_ title: String, _ states: AsyncStream<TokenViewState>) async {
    print("== \(title)")
    for await state in states {
        print(TokenView.render(state))
    }
    print()
}

let working = TokenViewModel(
    loadToken: { "initial-token" },
    updateToken: { _ in }
)
let expiredAccessToken = SampleError(
    errorDescription: "The server rejected the access token (HTTP 401: access token expired).",
    recoverySuggestion: "Sign in again or configure a valid access token, then retry.")
let rejected = TokenViewModel(
    loadToken: { throw expiredAccessToken },
    updateToken: { _ in throw expiredAccessToken }
)
struct Unreachable: Error, CustomStringConvertible {
    var description: String { "Could not connect to the server (Connection refused)" }
}
let unreachable = TokenViewModel(loadToken: { throw Unreachable() }, updateToken: { _ in throw Unreachable() })

await show("load: success", working.load())
await show("update: success", working.update(to: "new-token"))
await show("update: empty token", working.update(to: ""))
await show("load: access token rejected (401)", rejected.load())
await show("load: server unreachable", unreachable.load())
await show("update: server unreachable", unreachable.update(to: "new-token"))

import Testing
import TokenFeature

@Suite struct TokenViewTests {
    @Test(arguments: [
        (TokenViewState.loading, "Loading token…"),
        (.loaded(token: "abc"), "Token: abc"),
        (.updating, "Updating token…"),
        (.updated(token: "new"), "Token updated. The server now stores: new"),
        (.failed(message: "Could not load the token: x\ny"), "Could not load the token: x\ny"),
    ])
    func rendersEachState(state: TokenViewState, text: String) {
        #expect(TokenView.render(state) == text)
    }
}

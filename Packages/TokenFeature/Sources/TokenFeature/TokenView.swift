/// Renders a ``TokenViewState`` as terminal text.
public enum TokenView {
    /// The text for `state`, without a trailing newline.
    public static func render(_ state: TokenViewState) -> String {
        switch state {
        case .loading: "Loading token…"
        case .loaded(let token): "Token: \(token)"
        case .updating: "Updating token…"
        case .updated(let token): "Token updated. The server now stores: \(token)"
        case .failed(let message, _): message
        }
    }
}

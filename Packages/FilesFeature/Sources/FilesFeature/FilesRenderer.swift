/// Renders a ``FilesViewState`` as terminal text.
public enum FilesRenderer {
    /// The text for `state`: one name per line when loaded, without a trailing newline.
    public static func render(_ state: FilesViewState) -> String {
        switch state {
        case .loading: "Loading files…"
        case .loaded(let items) where items.isEmpty: "No files."
        case .loaded(let items): items.map(\.name).joined(separator: "\n")
        case .failed(let message): message
        }
    }
}

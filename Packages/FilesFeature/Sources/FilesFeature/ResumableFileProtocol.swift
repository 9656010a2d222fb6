/// A protocol that sends a file so that an interrupted upload continues where the server's copy ends.
public enum ResumableFileProtocol: String, CaseIterable, Hashable, Sendable {
    /// Resumable Uploads for HTTP (the IETF draft).
    case draft
    /// tus 1.0.
    case tus
}

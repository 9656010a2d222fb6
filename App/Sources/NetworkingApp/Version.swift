/// The version of `networking`: printed by `networking --version` and sent in every `User-Agent`.
enum NetworkingVersion {
    /// The one place the version is written.
    static let current = "1.0"
}

/// The version of `networking`: printed by `networking --version` and sent in every `User-Agent`.
package enum NetworkingVersion {
    /// The one place the version is written.
    package static let current = "1.0"
}

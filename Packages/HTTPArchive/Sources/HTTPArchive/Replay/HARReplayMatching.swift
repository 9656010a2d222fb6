/// What ``HARReplayClient`` compares beyond method, path and query: query items to leave out, and bodies.
///
/// The default compares method, path and every query item, as the archive's own matching rules say
/// (<doc:RecordingAndReplaying>). Leaving out a query item lets a request whose value changes from run to run (a
/// timestamp, a nonce) find its answer; comparing bodies tells apart two `POST`s to one path.
public struct HARReplayMatching: Sendable, Equatable {
    /// Names of query items neither side's query is compared on (case-sensitive, as query names are).
    public var ignoredQueryItems: Set<String>
    /// Whether the body of a request that has one must equal the recorded body (see ``HARReplayClient``).
    public var comparesBodies: Bool

    /// Creates a rule; by default it compares every query item and no body.
    public init(ignoredQueryItems: Set<String> = [], comparesBodies: Bool = false) {
        self.ignoredQueryItems = ignoredQueryItems
        self.comparesBodies = comparesBodies
    }
}

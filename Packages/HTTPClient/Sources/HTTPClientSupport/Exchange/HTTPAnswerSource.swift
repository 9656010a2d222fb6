/// Where an answer came from when a layer other than the transport had a say: a cache's verdict, or a replay
/// from a recorded archive.
///
/// A cache or a replaying client reports it through ``HTTPAnswerSourceObserver``, so that tracing can show it
/// without depending on either.
public enum HTTPAnswerSource: Sendable, Hashable {
    /// A cache's verdict on the answer.
    case cache(CacheResult)
    /// The answer was replayed from a recorded archive; nothing was sent.
    case replay

    /// How a cache produced an answer.
    public enum CacheResult: String, Sendable, Hashable, CaseIterable {
        /// A fresh stored answer; nothing was sent.
        case hit
        /// A stored answer the origin confirmed with `304 Not Modified`.
        case revalidated
        /// A stored answer past its freshness, given without the origin's confirmation.
        case stale
        /// The origin's own answer.
        case miss
    }
}

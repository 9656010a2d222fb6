import HTTPClientSupport

extension HTTPAnswerSource {
    /// The span attributes of the sources a layer below reported, innermost first: `networking.cache.result`
    /// (`hit`, `revalidated`, `stale` or `miss`: the outermost cache's verdict, the one the caller got) and
    /// `networking.replayed` (`true` for an answer replayed from an archive).
    static func spanAttributes(of sources: [HTTPAnswerSource]) -> Attributes {
        var attributes: Attributes = [:]
        for source in sources {
            switch source {
            case .cache(let result): attributes["networking.cache.result"] = .string(result.rawValue)
            case .replay: attributes["networking.replayed"] = .bool(true)
            }
        }
        return attributes
    }
}

/// Decides whether an `Accept` value allows a `Content-Type` value.
///
/// The rules are ``MediaRange``'s. ASCII values (all real ones) are read byte by byte without allocating
/// (``ASCIIMediaRanges``); any other value goes through ``MediaRange``, so both paths give the same verdicts.
enum ContentNegotiation {
    /// The outcome for one response.
    enum Verdict: Equatable {
        /// `Accept` holds no usable media range: the response passes untouched.
        case noRanges
        /// The content type is allowed.
        case acceptable
        /// The content type is not allowed (or missing or malformed).
        case unacceptable
    }

    /// The verdict for a response of `contentType` (`nil` when it has none) to a request that sent `accept`.
    static func verdict(accept: String, contentType: String?) -> Verdict {
        fastVerdict(accept: accept, contentType: contentType)
            ?? generalVerdict(accept: accept, contentType: contentType)
    }

    /// The verdict through ``MediaRange`` (any text; allocates).
    static func generalVerdict(accept: String, contentType: String?) -> Verdict {
        let ranges = MediaRange.parseList(accept)
        guard !ranges.isEmpty else { return .noRanges }
        return ranges.accepts(contentType: contentType) ? .acceptable : .unacceptable
    }

    /// The verdict through ``ASCIIMediaRanges``, or `nil` when either value is not ASCII.
    static func fastVerdict(accept: String, contentType: String?) -> Verdict? {
        var accept = accept
        return accept.withUTF8 { acceptBytes -> Verdict? in
            guard ASCIIMediaRanges.isASCII(acceptBytes[...]) else { return nil }
            guard var contentType else { return ASCIIMediaRanges.verdict(accept: acceptBytes[...], contentType: nil) }
            return contentType.withUTF8 { typeBytes -> Verdict? in
                guard ASCIIMediaRanges.isASCII(typeBytes[...]) else { return nil }
                return ASCIIMediaRanges.verdict(accept: acceptBytes[...], contentType: typeBytes[...])
            }
        }
    }
}

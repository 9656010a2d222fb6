/// The path and query of a URL string, taken apart by hand: archives from other tools hold URLs that
/// `URL(string:)` refuses (spaces, `|`, raw non-ASCII).
struct URLParts {
    let path: Substring
    let query: Substring

    init(_ url: String) {
        var rest = url[...]
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        // A `://` after the first `/` or `?` is in the path or query of a relative URL, not after a scheme.
        if let scheme = rest.range(of: "://"), !rest[..<scheme.lowerBound].contains(where: { $0 == "/" || $0 == "?" }) {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }.map { afterAuthority[$0...] } ?? ""
        }
        if let mark = rest.firstIndex(of: "?") {
            path = rest[..<mark]
            query = rest[rest.index(after: mark)...]
        } else {
            path = rest
            query = ""
        }
    }
}

import HTTPClient

/// The query rules of ``HTTPURLBuilder``: the base URL's own query (if any), then the request's parameters
/// sorted by name, names and values strictly percent-encoded, joined by `&`.
enum URLQuery {
    /// Appends `?` and the query to the UTF-8 bytes `output`, or nothing when there is no query.
    static func append(base: String?, parameters: HTTPQueryParameter?, to output: inout [UInt8]) {
        var separator = UInt8(ascii: "?")
        if let base, !base.isEmpty {
            output.append(separator)
            output.append(contentsOf: base.utf8)
            separator = UInt8(ascii: "&")
        }
        guard let parameters, !parameters.isEmpty else { return }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) {
            output.append(separator)
            PercentEncoding.appendQueryComponent(name.utf8, to: &output)
            output.append(UInt8(ascii: "="))
            PercentEncoding.appendQueryComponent(value.utf8, to: &output)
            separator = UInt8(ascii: "&")
        }
    }
}

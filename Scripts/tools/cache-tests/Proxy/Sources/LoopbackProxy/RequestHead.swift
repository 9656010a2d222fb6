import Foundation

/// The request line and header fields of one request, as they arrived.
struct RequestHead: Equatable {
    /// One header field line: the name as spelled by the client, and the value without surrounding whitespace.
    struct Field: Equatable {
        let name: String
        let value: String
    }

    /// The method token, for example `GET` (case-sensitive, as the protocol says).
    let method: String
    /// The request target, for example `/test/1?a=b`.
    let target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    let version: String
    /// Every header field line, in order.
    let fields: [Field]

    /// The values of every field named `name` (in any letter case), in order.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The comma-separated elements of every field named `name`, lowercased, for example the options of
    /// `Connection`.
    func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`, HTTP/1.0 only
    /// with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let options = tokens("Connection")
        if options.contains("close") { return false }
        return version == "HTTP/1.1" || options.contains("keep-alive")
    }

    /// The length of the body: `0` without `Content-Length`.
    /// - Throws: ``ProxyRequestError/lengthRequired`` for `Transfer-Encoding`, and
    ///   ``ProxyRequestError/badRequest(_:)`` for a `Content-Length` that is not one non-negative number.
    func bodyLength() throws(ProxyRequestError) -> Int {
        guard values("Transfer-Encoding").isEmpty else { throw .lengthRequired }
        let lengths = Set(
            values("Content-Length").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(
                Self.trimmed))
        guard let text = lengths.first else { return 0 }
        guard lengths.count == 1, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let length = Int(text)
        else { throw .badRequest("Content-Length \(values("Content-Length").joined(separator: ", "))") }
        return length
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }
}

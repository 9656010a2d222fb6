import DevServerSupport
import Foundation

/// The DNS server that never answers, which `Scripts/hanging-resolver` sets up for ``HangingResolverEndToEndTests``:
/// inside a private mount namespace `/etc/resolv.conf` names it alone, and it writes every name it is asked for
/// on a line of a FIFO.
struct HangingResolver: Sendable {
    /// A name or a FIFO that does not work as the environment says.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The environment variable naming the domain under which no name ever resolves.
    static let domainVariable = "CURL_TEST_HANGING_DOMAIN"
    /// The environment variable naming the FIFO the resolver writes each queried name to.
    static let queriesVariable = "CURL_TEST_HANGING_QUERIES"

    /// Names under this domain are asked of the resolver, which never answers.
    let domain: String
    private let queries: String

    /// The resolver the environment names; `nil` outside `Scripts/hanging-resolver`.
    static var fromEnvironment: HangingResolver? {
        let environment = ProcessInfo.processInfo.environment
        guard let domain = environment[domainVariable], let queries = environment[queriesVariable] else { return nil }
        return HangingResolver(domain: domain, queries: queries)
    }

    /// Returns once the resolver was asked for `name`, which shows that libcurl's resolver thread is waiting on it.
    /// - Throws: ``Failure`` when the FIFO cannot be read or ends first.
    func waitForQuery(_ name: String) async throws {
        let queries = queries
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            // A thread of its own: the read blocks, and the cooperative pool must stay free for the client.
            let thread = Thread { continuation.resume(with: Result { try Self.read(until: name, from: queries) }) }
            thread.start()
        }
    }

    private static func read(until name: String, from path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(description: "cannot open \(path) for reading")
        }
        defer { try? handle.close() }
        var lines = ""
        while true {
            // What the FIFO holds now (`read(upToCount:)` would wait for the whole count).
            let data = handle.nextChunk()
            guard !data.isEmpty else {
                throw Failure(description: "\(path) ended before a query for \(name)")
            }
            lines += String(decoding: data, as: UTF8.self)
            if lines.split(separator: "\n").contains(where: { $0.lowercased() == name.lowercased() }) { return }
        }
    }
}

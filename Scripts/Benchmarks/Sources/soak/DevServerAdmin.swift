import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The dev server's `/_admin` routes (never faulted), called with a plain `URLSession` of its own.
struct DevServerAdmin {
    enum Error: Swift.Error, CustomStringConvertible {
        case unexpectedAnswer(String)

        var description: String {
            switch self {
            case .unexpectedAnswer(let what): "unexpected answer from the dev server's admin route: \(what)"
            }
        }
    }

    let baseURL: String
    private let session: URLSession

    init(baseURL: String) {
        self.baseURL = baseURL
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    /// Every counter (`route:GET /v1/token`, `token.stored`, `auth.token.issued`, `faulted:POST /v1/token`, …).
    func counters() async throws -> [String: Int] {
        let object = try await call("GET", "counters")
        return object.compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    /// Expires every access token now; returns how many were still valid.
    func expireTokens() async throws -> Int {
        let object = try await call("POST", "expire-tokens")
        guard let expired = (object["expired"] as? NSNumber)?.intValue else {
            throw Error.unexpectedAnswer("\(object)")
        }
        return expired
    }

    /// The fault mode in force (`rate`, `kinds`, `seed`, …).
    func faults() async throws -> [String: Any] {
        try await call("GET", "faults")
    }

    private func call(_ method: String, _ route: String) async throws -> [String: Any] {
        guard let url = URL(string: "\(baseURL)/_admin/\(route)") else { throw Error.unexpectedAnswer(baseURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw Error.unexpectedAnswer("\(method) /_admin/\(route)") }
        return object
    }
}

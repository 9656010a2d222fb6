import Foundation
import HTTPClient
import HTTPClientSupport

/// Everything the soak observes on the client side, guarded by one lock.
final class SoakRecorder: Sendable {
    struct State {
        /// Transport sends per logical request (`X-Soak-ID`), and how many of them were answered `401`.
        var sends: [Int: (total: Int, unauthorized: Int)] = [:]
        /// Logical requests that are `POST v1/token`.
        var postIDs: Set<Int> = []
        /// Transport sends by method and route (`POST v1/token`, `POST v1/auth/token`, …).
        var sendsByRoute: [String: Int] = [:]
        /// Transport outcomes by method and route: a status code or an `HTTPTransportError` case.
        var outcomesByRoute: [String: [String: Int]] = [:]
        /// Outcomes of logical requests, by kind (`GET token`, `POST token`, `GET questions`).
        var logicalOutcomes: [String: [String: Int]] = [:]
        var logEntries: [String] = []
        var accessTokens: [String] = []
        var storedTokens: [String] = []
        var refreshCalls = 0
        var issueAttempts = 0
    }

    let state = LockedValue(State())

    func recordSend(id: Int?, route: String) {
        state.withLock { state in
            state.sendsByRoute[route, default: 0] += 1
            if let id {
                state.sends[id, default: (0, 0)].total += 1
                if route == "POST v1/token" { state.postIDs.insert(id) }
            }
        }
    }

    func recordTransportOutcome(id: Int?, route: String, outcome: String) {
        state.withLock { state in
            state.outcomesByRoute[route, default: [:]][outcome, default: 0] += 1
            if let id, outcome == "401" { state.sends[id, default: (0, 0)].unauthorized += 1 }
        }
    }

    func recordLogical(kind: String, outcome: String) {
        state.withLock { $0.logicalOutcomes[kind, default: [:]][outcome, default: 0] += 1 }
    }

    func log(_ entry: String) {
        state.withLock { $0.logEntries.append(entry) }
    }

    func recordAccessToken(_ authorization: String) {
        let token = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : authorization
        state.withLock { $0.accessTokens.append(token) }
    }

    func recordStoredToken(_ token: String) {
        state.withLock { $0.storedTokens.append(token) }
    }

    func recordRefreshCall() {
        state.withLock { $0.refreshCalls += 1 }
    }

    func recordIssueAttempt() {
        state.withLock { $0.issueAttempts += 1 }
    }

    /// The outcome name of a thrown error: the `HTTPTransportError` case, the HTTP status, or the type.
    static func name(of error: any Error) -> String {
        if let transport = error as? HTTPTransportError {
            return transport.kind.rawValue
        }
        if case .httpCode(let status, _) = error as? HTTPError { return "\(status)" }
        return String(describing: type(of: error))
    }
}

/// The innermost client of every soak chain: counts each send and its outcome, then passes it on.
struct CountingTransport: HTTPClient {
    let client: any HTTPClient
    let recorder: SoakRecorder

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let id = request.headers?[SoakRequest.idHeader].flatMap { Int($0) }
        let route = "\(request.method.name) \(request.version)/\(request.path)"
        recorder.recordSend(id: id, route: route)
        do {
            let (data, response) = try await client.load(request: request)
            recorder.recordTransportOutcome(id: id, route: route, outcome: "\(response.statusCode)")
            return (data, response)
        } catch {
            recorder.recordTransportOutcome(id: id, route: route, outcome: SoakRecorder.name(of: error))
            throw error
        }
    }
}

import BenchmarkSupport
import Foundation

/// Turns what the client recorded and the server counted into the soak's result object.
struct SoakReport {
    let state: SoakRecorder.State
    let counters: [String: Int]
    let faults: [String: Any]
    let expired: [Int]
    let elapsedSeconds: Double
    let settings: SoakRun

    func json() -> [String: Any] {
        let routeOutcomes = state.outcomesByRoute
        let postOutcomes = routeOutcomes["POST v1/token"] ?? [:]
        let issueOutcomes = routeOutcomes["POST v1/auth/token"] ?? [:]
        let attempts = state.sends.values.map { $0.total - $0.unauthorized }
        let accessLeaks = SecretScan.scan(state.logEntries, for: Set(state.accessTokens))
        let storedLeaks = SecretScan.scan(state.logEntries, for: Set(state.storedTokens))
        let kinds: [[String: Any]] = SoakRun.kinds.map { kind in
            let outcomes = state.logicalOutcomes[kind] ?? [:]
            return [
                "kind": kind, "total": outcomes.values.reduce(0, +), "ok": outcomes["ok"] ?? 0, "outcomes": outcomes,
            ]
        }
        let timedOut = routeOutcomes.mapValues { $0["timedOut"] ?? 0 }.filter { $0.value > 0 }
        return [
            "kind": "soak",
            "elapsed_seconds": elapsedSeconds,
            "requests_planned": settings.total,
            "not_sent": state.logicalOutcomes["not sent"]?.values.reduce(0, +) ?? 0,
            "concurrency": settings.concurrency,
            "request_timeout_seconds": settings.requestTimeout,
            "policy": [
                "max_attempts": settings.policy.maxAttempts,
                "base_delay_ms": Self.milliseconds(settings.policy.baseDelay),
                "max_delay_ms": Self.milliseconds(settings.policy.maxDelay),
            ],
            "faults": faults,
            "logical": kinds,
            "transport_sends": state.sendsByRoute,
            "transport_outcomes": routeOutcomes,
            "transport_timed_out": timedOut,
            "post": [
                "logical": state.logicalOutcomes["POST v1/token"]?.values.reduce(0, +) ?? 0,
                "client_ok": state.logicalOutcomes["POST v1/token"]?["ok"] ?? 0,
                "client_sent": state.sendsByRoute["POST v1/token"] ?? 0,
                "client_401": postOutcomes["401"] ?? 0,
                "client_timed_out": postOutcomes["timedOut"] ?? 0,
                "server_received": counters["route:POST /v1/token"] ?? 0,
                "server_stored": counters["token.stored"] ?? 0,
                "server_faulted": counters["faulted:POST /v1/token"] ?? 0,
                "max_sends_per_request": state.postIDs.compactMap { state.sends[$0]?.total }.max() ?? 0,
            ],
            "attempts": [
                "max_attempts_seen": attempts.max() ?? 0,
                "max_sends_seen": state.sends.values.map(\.total).max() ?? 0,
                "requests_with_retries": attempts.filter { $0 > 1 }.count,
            ],
            "tokens": [
                "expiries_triggered": expired.filter { $0 > 0 }.count,
                "expire_calls": expired.count,
                "issued_server": counters["auth.token.issued"] ?? 0,
                "issue_attempts_client": state.issueAttempts,
                "issue_requests_server": counters["route:POST /v1/auth/token"] ?? 0,
                "issue_outcomes": issueOutcomes,
                "refresh_calls": state.refreshCalls,
                "access_tokens_received": state.accessTokens.count,
                "auth_rejected_server": counters["auth.rejected"] ?? 0,
            ],
            "secrets": [
                "log_entries": state.logEntries.count,
                "access_tokens": state.accessTokens.count,
                "access_token_entries": accessLeaks.entries,
                "access_tokens_found": accessLeaks.distinctSecrets,
                "stored_tokens": state.storedTokens.count,
                "stored_token_entries": storedLeaks.entries,
                "stored_tokens_found": storedLeaks.distinctSecrets,
            ],
            "server_counters": counters.filter { $0.value != 0 },
            "peak_rss_mb": Double(ProcessMemory.current()?.peakResidentBytes ?? 0) / 1_048_576,
        ]
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

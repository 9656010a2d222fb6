import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport

/// A scripted server that answers `200 "ok"` to requests signed with an accepted value and `401` otherwise.
enum TokenServer {
    static func accepting(_ valid: String...) -> ScriptedHTTPClient {
        ScriptedHTTPClient { request in
            valid.contains(request.headers?["Authorization"] ?? "")
                ? (Data("ok".utf8), HTTPResponse(statusCode: 200))
                : (Data("denied".utf8), HTTPResponse(statusCode: 401))
        }
    }
}

/// A refresh closure's bookkeeping: how often it ran, and the values it hands out in turn.
final class RefreshSpy: Sendable {
    private let results: LockedValue<[Result<String, AnyError>]>
    let calls = RecordedValues<Int>()
    let started = Gate()
    let release: Gate?

    /// Hands out `values` in order (the last one repeats); waits for `release` first when given.
    init(_ values: [Result<String, AnyError>], release: Gate? = nil) {
        results = LockedValue(values)
        self.release = release
    }

    convenience init(_ values: String..., release: Gate? = nil) {
        self.init(values.map { .success($0) }, release: release)
    }

    @Sendable func refresh() async throws -> String {
        calls.append(calls.count)
        await started.open()
        try await release?.wait()
        let result = results.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        return try result.get()
    }
}

import BenchmarkSupport
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import NetworkingComposition
import QuestionsFeature
import URLSessionInfrastructure

/// Drives the App's chains against the dev server in fault mode and gathers what the client and the server saw.
struct SoakRun {
    let baseURL: String
    let total: Int
    let concurrency: Int
    let maxSeconds: Double
    let expireEvery: Double
    let requestTimeout: Double
    let policy: RetryPolicy
    let postPercent: Int
    let issueAttempts: Int
    let rate: Int

    init(_ options: Arguments) throws {
        baseURL = try options.string("url")
        total = try options.int("total", default: 10_000)
        concurrency = try options.int("concurrency", default: 16)
        maxSeconds = try options.double("max-seconds", default: 240)
        expireEvery = try options.double("expire-every", default: 22)
        requestTimeout = try options.double("request-timeout", default: 2)
        policy = RetryPolicy(
            maxAttempts: try options.int("max-attempts", default: 6),
            baseDelay: .milliseconds(try options.int("base-delay-ms", default: 5)),
            maxDelay: .milliseconds(try options.int("max-delay-ms", default: 2_000)))
        postPercent = try options.int("post-percent", default: 10)
        issueAttempts = try options.int("issue-attempts", default: 6)
        rate = try options.int("rate", default: 0)
    }

    /// The three kinds of logical request, in the table's order.
    static let kinds = ["GET v1/token", "POST v1/token", "GET 2.3/questions"]

    func run() async throws -> [String: Any] {
        guard let base = URL(string: baseURL) else { throw SoakError.invalidURL(baseURL) }
        let admin = DevServerAdmin(
            client: try URLSessionClient.ephemeral(baseURL: baseURL, requestTimeout: 10))
        let countersBefore = try await admin.counters()
        let recorder = SoakRecorder()
        let factory = HTTPClientFactory(
            requestTimeout: requestTimeout, retryPolicy: policy, log: { recorder.log($0) },
            makeTransport: { url, settings in
                CountingTransport(
                    client: try HTTPClientFactory.urlSessionTransport(baseURL: url, settings: settings),
                    recorder: recorder)
            })
        let issue = try makeIssue(factory: factory, base: base, recorder: recorder)
        let tokenClient = try factory.tokenClient(
            baseURL: base, accessToken: { try await issue() },
            refreshAccessToken: {
                recorder.recordRefreshCall()
                return try await issue()
            })
        let questionsClient = try factory.questionsClient(baseURL: base)

        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .seconds(maxSeconds)
        let expireEvery = self.expireEvery
        let expiries = Task { () -> [Int] in
            var expired: [Int] = []
            var next = start + .seconds(expireEvery) + .milliseconds(50)  // just after a burst has started
            while next < deadline {
                do { try await clock.sleep(until: next) } catch { break }
                if let count = try? await admin.expireTokens() { expired.append(count) }
                next += .seconds(expireEvery)
            }
            return expired
        }
        let postPercent = self.postPercent
        let rate = self.rate
        _ = await runWindowed(total: total, inFlight: concurrency) { index in
            if rate > 0 {  // a burst of `rate` requests at the start of every second
                try? await clock.sleep(until: start + .seconds(index / rate))
            }
            guard clock.now < deadline else {
                recorder.recordLogical(kind: "not sent", outcome: "time bound reached")
                return 0
            }
            let request = Self.request(index: index, postPercent: postPercent, recorder: recorder)
            let kind = Self.kinds[Self.kindIndex(of: request)]
            do {
                switch request {
                case .questions:
                    let (data, response) = try await questionsClient.load(request: request.tagged)
                    let ok = response.statusCode == 200 && (try? JSONSerialization.jsonObject(with: data)) != nil
                    recorder.recordLogical(kind: kind, outcome: ok ? "ok" : "\(response.statusCode)")
                case .readToken, .storeToken:
                    let (_, response) = try await tokenClient.load(request: request.tagged)
                    recorder.recordLogical(kind: kind, outcome: response.isSuccess ? "ok" : "\(response.statusCode)")
                }
            } catch {
                recorder.recordLogical(kind: kind, outcome: SoakRecorder.name(of: error))
            }
            return 0
        }
        let elapsed = clock.now - start
        JSONOutput.note("soak: requests done after \(elapsed); reading counters and scanning the log")
        expiries.cancel()
        let expired = await expiries.value
        try await Task.sleep(for: .milliseconds(500))  // lets the server finish requests the client gave up on
        let countersAfter = try await admin.counters()
        let faults = try await admin.faults()
        let counters = countersAfter.merging(countersBefore.mapValues { -$0 }) { $0 + $1 }
        return SoakReport(
            state: recorder.state.withLock { $0 }, counters: counters, faults: faults, expired: expired,
            elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            settings: self
        ).json()
    }

    /// Issues an access token through the App's token-issuing chain; retried here (a few times, briefly)
    /// because the fault mode hits `POST v1/auth/token` too and the chain never repeats a POST.
    private func makeIssue(factory: HTTPClientFactory, base: URL, recorder: SoakRecorder) throws
        -> @Sendable () async throws -> String
    {
        let issuer = AccessTokenIssuer(client: try factory.tokenIssuingClient(baseURL: base))
        let attempts = issueAttempts
        return {
            var lastError: any Error = CancellationError()
            for attempt in 0..<attempts {
                if attempt > 0 { try await Task.sleep(for: .milliseconds(5 << attempt)) }
                recorder.recordIssueAttempt()
                do {
                    let authorization = try await issuer.issue()
                    recorder.recordAccessToken(authorization)
                    return authorization
                } catch {
                    if HTTPTransportError.isCancellation(error) { throw error }
                    lastError = error
                }
            }
            throw lastError
        }
    }

    /// The `index`-th request: `postPercent` % POSTs, the rest split between the token and questions GETs.
    static func request(index: Int, postPercent: Int, recorder: SoakRecorder) -> SoakRequest {
        var mixer = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
        mixer = (mixer ^ (mixer >> 31)) &* 0xBF58_476D_1CE4_E5B9
        let roll = Int((mixer ^ (mixer >> 29)) % 100)
        if roll < postPercent {
            let hex = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let token = "sst-" + String(repeating: "0", count: 16 - hex.count) + hex
            recorder.recordStoredToken(token)
            return .storeToken(id: index, token: token)
        }
        if roll < postPercent + (100 - postPercent) / 2 { return .readToken(id: index) }
        let sorts: [QuestionsQuery.Sort] = [.activity, .votes, .creation, .hot]
        return .questions(id: index, page: 1 + index % 5, pageSize: 5 + index % 26, sort: sorts[index % sorts.count])
    }

    static func kindIndex(of request: SoakRequest) -> Int {
        switch request {
        case .readToken: 0
        case .storeToken: 1
        case .questions: 2
        }
    }
}

enum SoakError: Error, CustomStringConvertible {
    case invalidURL(String)

    var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL \(url)"
        }
    }
}

import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPArchive
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import NetworkingApp
import NetworkingComposition
import Testing
import URLSessionInfrastructure

/// Deadlines, safe-to-repeat token requests and credential-free logs and archives, over real loopback traffic.
@Suite(.timeLimit(.minutes(1)))
struct TimeoutEndToEndTests {
    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().retrying().timingOut(after: .milliseconds(300))

            let thrown = await #expect(throws: HTTPTransportError.self) {
                try await sut.load(request: TestRequest(path: "faults/black-hole", version: ""))
            }
            #expect(thrown?.matches(.timedOut(underlying: TimeoutError(duration: .milliseconds(300)))) == true)
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("black-hole.opened") == 1)
        }
    }

    @Test func theTokenChainRetriesATokenIssueAnswered503() async throws {
        try await DevServer.run { server in
            let admin = try DevServerAdmin(server)
            try await admin.post(
                "fail-next",
                json: #"{"method":"POST","path":"/v1/auth/token","status":503,"count":1,"retry_after":0}"#)
            let issuer = AccessTokenIssuer(client: try HTTPClientFactory().tokenIssuingClient(baseURL: server.baseURL))

            let token = try await issuer.issue()

            #expect(token.hasPrefix("Bearer ") && token.count > "Bearer ".count)
            #expect(try await admin.count("failed-next:POST /v1/auth/token") == 1)
            #expect(try await admin.count("auth.token.issued") == 1)
        }
    }

    @Test func aBaseURLsPasswordReachesNeitherTheLogNorTheArchive() async throws {
        let baseURL = "http://user:pw@127.0.0.1:1/"
        let (log, recorder) = (RecordedValues<String>(), HARRecorder())
        let sut = try URLSessionClient.ephemeral(baseURL: baseURL)
            .recording(to: recorder, baseURL: try #require(URL(string: baseURL)))
            .loggingRequestAndResponse { log.append($0) }

        await #expect(throws: (any Error).self) { try await sut.load(request: TestRequest(path: "items")) }

        let lines = log.values.flatMap { $0.components(separatedBy: "\n") }
        #expect(!lines.isEmpty && lines.allSatisfy { !$0.contains("pw") })
        let directory = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "credentials.har")
        try recorder.write(to: file)
        let json = try String(contentsOf: file, encoding: .utf8)
        #expect(json.contains("http://[redacted]@127.0.0.1:1/v1/items"))
        #expect(!json.contains("pw"))
    }
}

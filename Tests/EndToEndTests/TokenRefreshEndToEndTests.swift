import DevServerSupport
import EndToEndSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import NetworkingApp
import NetworkingComposition
import Testing

/// `.refreshingAccessToken(stored:refresh:)` over `URLSessionClient` against the dev server's token API.
@Suite(.timeLimit(.minutes(1)))
struct TokenRefreshEndToEndTests {
    @Test func twentyConcurrentRequestsWithAnExpiredTokenShareOneRefresh() async throws {
        try await DevServer.run { server in
            let (admin, transport) = (try DevServerAdmin(server), try server.transport())
            let issuer = AccessTokenIssuer(client: transport.handlingErrors())
            let expired = try await issuer.issue()
            try await admin.post("expire-tokens")
            let issuedBefore = try await admin.count("auth.token.issued")
            let sut = transport.refreshingAccessToken(stored: { expired }, refresh: { try await issuer.issue() })

            let results = try await concurrently(20) { _ in try await sut.load(request: TestRequest(path: "token")) }

            #expect(results.allSatisfy { $0.1.statusCode == 200 && $0.0 == Data("initial-token".utf8) })
            #expect(try await admin.count("auth.token.issued") == issuedBefore + 1)
            let rejected = try await admin.count("auth.rejected")
            #expect(rejected >= 1)
            #expect(try await admin.count("route:GET /v1/token") == 20 + rejected)  // each rejection retried once
        }
    }

    @Test func aMissingTokenIsObtainedBeforeTheFirstRequest() async throws {
        try await DevServer.run { server in
            let (admin, transport) = (try DevServerAdmin(server), try server.transport())
            let issuer = AccessTokenIssuer(client: transport.handlingErrors())
            struct NoToken: Error {}
            let sut = transport.refreshingAccessToken(stored: { throw NoToken() }, refresh: issuer.issue)

            let (data, response) = try await sut.load(request: TestRequest(path: "token"))

            #expect(response.statusCode == 200 && data == Data("initial-token".utf8))
            #expect(try await admin.count("auth.token.issued") == 1)
            #expect(try await admin.count("auth.rejected") == 0)
        }
    }
}

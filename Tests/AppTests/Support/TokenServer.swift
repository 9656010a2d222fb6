import Foundation
import HTTPClient
import HTTPClientTestSupport

/// A scripted token API: `POST v1/auth/token` issues `issuing`; `v1/token` answers only requests signed with
/// `Bearer <accepting>` (GET: the stored token "stored"; POST: 204), and 401 otherwise.
func tokenServer(accepting: String = "fresh-token", issuing: String = "fresh-token") -> ScriptedHTTPClient.Handler {
    { request in
        switch (request.method, request.path) {
        case (.post, "auth/token"):
            return Replies.issued(issuing)
        case (_, "token") where request.headers?["Authorization"] == "Bearer \(accepting)":
            return request.method == .get ? Replies.text("stored") : (Data(), HTTPResponse(statusCode: 204))
        case (_, "token"):
            return Replies.unauthorized
        default:
            return Replies.text("no route", status: 404)
        }
    }
}

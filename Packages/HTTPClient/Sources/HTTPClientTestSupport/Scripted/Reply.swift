import Foundation
import HTTPClient

/// One scripted answer of a ``ScriptedHTTPClient``.
public indirect enum Reply: Sendable {
    /// Return this body and response.
    case response(Data, HTTPResponse)
    /// Throw this error.
    case failure(any Error)
    /// Wait until `gate` opens, then answer with `reply`: a delay the test controls, without sleeping.
    case after(Gate, Reply)

    /// A response with `statusCode`, a UTF-8 `body` and optional headers.
    public static func status(_ statusCode: Int, body: String = "", headers: HTTPHeaders? = nil) -> Reply {
        .response(Data(body.utf8), HTTPResponse(statusCode: statusCode, headers: headers))
    }

    func produce() async throws -> (Data, HTTPResponse) {
        switch self {
        case .response(let data, let response):
            return (data, response)
        case .failure(let error):
            throw error
        case .after(let gate, let reply):
            try await gate.wait()
            return try await reply.produce()
        }
    }
}

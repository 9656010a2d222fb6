import Foundation
import HTTPClient

/// A successful response whose `Content-Type` the request's `Accept` header does not allow.
public enum ContentTypeValidationError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The response was `received` (`nil` when it had no `Content-Type`), but the request accepted only `accepted`.
    case unacceptableContentType(received: String?, accepted: String)

    public var description: String {
        switch self {
        case .unacceptableContentType(let received?, let accepted):
            "The response's Content-Type \"\(received)\" is not one the request accepts (\"\(accepted)\")"
        case .unacceptableContentType(nil, let accepted):
            "The response has a body but no Content-Type, while the request accepts only \"\(accepted)\""
        }
    }

    public var errorDescription: String? { description }
}

/// Rejects a `2xx` response whose `Content-Type` matches none of the media ranges in the request's `Accept`.
///
/// Matching follows RFC 9110, 12.5.1: wildcards (`*/*`, `type/*`), case-insensitive names, parameters
/// such as `charset` ignored, and `q=0` meaning "not acceptable" (the most specific matching range decides).
/// A `2xx` with a body but no `Content-Type` fails too, unless `Accept` allows `*/*`. Passed through
/// untouched: requests without `Accept`, empty bodies (such as `204`), non-`2xx` responses and errors.
public struct ContentTypeValidatingHTTPClient: HTTPClient {
    let client: any HTTPClient

    /// Wraps `client`.
    public init(client: any HTTPClient) {
        self.client = client
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await client.load(request: request)
        guard response.isSuccess, !data.isEmpty, let accept = request.headers?["Accept"] else {
            return (data, response)
        }
        try Self.check(response, accept: accept)
        return (data, response)
    }

    /// Checks the response head before `receive` runs; the body is never read. A `2xx` whose body is known to
    /// be empty (`Content-Length: 0`, a `204`, or a `HEAD` request) passes; a body of unknown length counts
    /// as non-empty.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        guard let accept = request.headers?["Accept"] else {
            return try await client.stream(request: request, body: body, progress: progress, receive: receive)
        }
        let isHead = request.method == .head
        return try await client.stream(request: request, body: body, progress: progress) { response, responseBody in
            let isEmpty = isHead || response.statusCode == 204 || responseBody.length == .known(0)
            if response.isSuccess, !isEmpty {
                try Self.check(response, accept: accept)
            }
            return try await receive(response, responseBody)
        }
    }

    private static func check(_ response: HTTPResponse, accept: String) throws {
        let contentType = response.headers?["Content-Type"]
        guard ContentNegotiation.verdict(accept: accept, contentType: contentType) != .unacceptable else {
            throw ContentTypeValidationError.unacceptableContentType(received: contentType, accepted: accept)
        }
    }
}

extension HTTPClient {
    /// Fails a `2xx` response with a body whose `Content-Type` the request's `Accept` does not allow,
    /// with ``ContentTypeValidationError/unacceptableContentType(received:accepted:)``.
    public func validatingContentType() -> any HTTPClient {
        ContentTypeValidatingHTTPClient(client: self)
    }
}

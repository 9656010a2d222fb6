import Foundation
import HTTPClient

/// Signs every request with an `Authorization` value read from a closure just before sending.
///
/// If the closure throws, nothing is sent. To refresh the token on `401`, use
/// ``HTTPClient/HTTPClient/refreshingAccessToken(stored:refresh:limit:clock:)`` instead.
public struct AuthenticatedHTTPClient: HTTPClient {
    /// Why a request could not be signed.
    public enum Error: Swift.Error, CustomStringConvertible, LocalizedError {
        /// The access token closure threw `underlying`; the request was not sent.
        case missingAccessToken(underlying: any Swift.Error)
        /// The access token closure returned an empty value or one containing a line break; the request was not sent.
        case invalidAccessToken

        public var description: String {
            switch self {
            case .missingAccessToken(let underlying):
                "No access token was available, so the request was not sent: \(underlying)"
            case .invalidAccessToken:
                "The access token was empty or contained a line break, so the request was not sent"
            }
        }

        public var errorDescription: String? { description }
    }

    let client: any HTTPClient
    let accessToken: @Sendable () async throws -> String

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client that sends the signed requests.
    ///   - accessToken: Returns the whole `Authorization` value, for example `"Bearer abc"`; called once per request.
    public init(client: any HTTPClient, accessToken: @escaping @Sendable () async throws -> String) {
        self.client = client
        self.accessToken = accessToken
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        try await client.load(request: signed(request))
    }

    /// Streams `request` signed, with `body` and the response passed through untouched.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        try await client.stream(request: signed(request), body: body, progress: progress, receive: receive)
    }

    /// `request` with `Authorization` set to the closure's value.
    private func signed(_ request: any HTTPRequest) async throws -> ModifiedRequest {
        let value: String
        do {
            value = try await accessToken()
        } catch {
            if HTTPTransportError.isCancellation(error) { throw error }
            throw Error.missingAccessToken(underlying: error)
        }
        guard AuthorizationValue.isValid(value) else { throw Error.invalidAccessToken }
        return request.settingHeader("Authorization", to: value)
    }
}

extension HTTPClient {
    /// Signs every request with the `Authorization` value `accessToken` returns (for example `"Bearer abc"`).
    ///
    /// When `accessToken` throws, nothing is sent and the load fails with
    /// ``AuthenticatedHTTPClient/Error/missingAccessToken(underlying:)``; a cancellation is rethrown as is.
    public func authenticated(accessToken: @escaping @Sendable () async throws -> String) -> any HTTPClient {
        AuthenticatedHTTPClient(client: self, accessToken: accessToken)
    }
}

/// Checks `Authorization` values before they are sent.
enum AuthorizationValue {
    /// Whether `value` is non-blank and holds no CR, LF or NUL (which would split or corrupt the header).
    ///
    /// Reads the UTF-8 bytes once; only a value made of whitespace and non-ASCII text asks Foundation which of
    /// its characters are whitespace (`CharacterSet.whitespaces`: space, tab and the Unicode space separators).
    static func isValid(_ value: String) -> Bool {
        var hasVisibleASCII = false
        var hasNonASCII = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"), 0: return false
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case 0x80...: hasNonASCII = true
            default: hasVisibleASCII = true
            }
        }
        return hasVisibleASCII || (hasNonASCII && !value.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}

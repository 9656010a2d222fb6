import Foundation
import HTTPClient

/// Turns the response of ``TokenAPI/token`` into the token.
public enum TokenMapper {
    /// Why a response holds no usable token.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`; `serverMessage` is the first line of a short text body, if any.
        case unexpectedStatus(HTTPStatusCode, serverMessage: String?)
        /// The body is not valid UTF-8 (invalid sequences are rejected, never replaced).
        case invalidUTF8
        /// The body held no token (after trimming one trailing newline).
        case emptyToken
    }

    /// The token in a successful response: the UTF-8 body without one trailing `\n` or `\r\n`.
    /// - Throws: ``Error`` for a non-2xx status, a body that is not UTF-8, or an empty token.
    public static func map(data: Data, response: HTTPResponse) throws -> String {
        guard response.isSuccess else {
            throw Error.unexpectedStatus(response.statusCode, serverMessage: ServerMessage.firstLine(of: data))
        }
        let bytes = withoutOneTrailingNewline(data)
        guard let token = String(validating: bytes, as: UTF8.self) else { throw Error.invalidUTF8 }
        guard !token.isEmpty else { throw Error.emptyToken }
        return token
    }

    private static func withoutOneTrailingNewline(_ data: Data) -> Data {
        if data.last == UInt8(ascii: "\n") {
            let withoutLineFeed = data.dropLast()
            return withoutLineFeed.last == UInt8(ascii: "\r") ? withoutLineFeed.dropLast() : withoutLineFeed
        }
        return data
    }
}

extension TokenMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status, let serverMessage):
            StatusText.problem(status: status, serverMessage: serverMessage, subject: "the token")
        case .invalidUTF8: "The token server sent a token that is not valid UTF-8 text."
        case .emptyToken: "The token server sent an empty token."
        }
    }

    public var errorDescription: String? { description }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedStatus(let status, _): StatusText.suggestion(status: status)
        case .invalidUTF8, .emptyToken: "Store a valid, non-empty token on the server, then try again."
        }
    }
}

import Foundation

/// Why a request header field cannot be sent: the cause inside `HTTPTransportError.other(underlying:)`.
///
/// A carriage return, line feed or NUL would end the header line early and let the rest go out as a header (or
/// a request) of its own; an empty name is no header at all. Transports check every field with
/// `HTTPHeaders.validateForSending()` and throw this before anything is sent. The value is never kept, as it
/// may be a credential.
public struct InvalidHeaderFieldError: Error, Equatable, Sendable {
    /// What is wrong with a field.
    public enum Problem: Equatable, Sendable {
        /// The name is empty.
        case emptyName
        /// The name holds a carriage return, a line feed or a NUL.
        case lineBreakOrNULInName
        /// The value holds a carriage return, a line feed or a NUL.
        case lineBreakOrNULInValue
    }

    /// The field's name, as the request spells it.
    public let name: String
    /// What is wrong with the field.
    public let problem: Problem

    /// An error for the field called `name`.
    public init(name: String, problem: Problem) {
        self.name = name
        self.problem = problem
    }
}

extension InvalidHeaderFieldError: CustomStringConvertible {
    /// A one-line description naming the field, its control characters escaped, and what is wrong with it.
    public var description: String {
        let quoted = name.debugDescription
        return switch problem {
        case .emptyName: "a header field has an empty name"
        case .lineBreakOrNULInName: "header name \(quoted) holds a line break or NUL character"
        case .lineBreakOrNULInValue: "the value of header \(quoted) holds a line break or NUL character"
        }
    }
}

extension InvalidHeaderFieldError: LocalizedError {
    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

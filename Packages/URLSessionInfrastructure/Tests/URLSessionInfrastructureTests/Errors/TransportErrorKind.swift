import HTTPClient
import Testing

/// The case of an `HTTPTransportError` without its payload, for comparing in tests.
enum TransportErrorKind: String, Sendable, CustomTestStringConvertible {
    case timedOut, cannotConnect, connectionLost, cancelled, invalidURL, invalidResponse, tooManyRedirects
    case secureConnectionFailed, other, responseTooLarge, undecodableContent

    init(_ error: HTTPTransportError) {
        switch error {
        case .timedOut: self = .timedOut
        case .cannotConnect: self = .cannotConnect
        case .connectionLost: self = .connectionLost
        case .cancelled: self = .cancelled
        case .invalidURL: self = .invalidURL
        case .invalidResponse: self = .invalidResponse
        case .tooManyRedirects: self = .tooManyRedirects
        case .secureConnectionFailed: self = .secureConnectionFailed
        case .other: self = .other
        case .responseTooLarge: self = .responseTooLarge
        case .undecodableContent: self = .undecodableContent
        }
    }

    var testDescription: String { rawValue }
}

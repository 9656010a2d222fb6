import CurlInfrastructure
import HTTPClient

extension HTTPTransportError {
    /// The case's name, for comparing errors whatever their cause.
    var caseName: String {
        switch self {
        case .timedOut: "timedOut"
        case .cannotConnect: "cannotConnect"
        case .connectionLost: "connectionLost"
        case .cancelled: "cancelled"
        case .invalidURL: "invalidURL"
        case .invalidResponse: "invalidResponse"
        case .tooManyRedirects: "tooManyRedirects"
        case .secureConnectionFailed: "secureConnectionFailed"
        case .other: "other"
        case .responseTooLarge: "responseTooLarge"
        case .undecodableContent: "undecodableContent"
        }
    }

    /// The text of the cause the error keeps, if any.
    var causeText: String? {
        switch self {
        case .timedOut(let cause), .cannotConnect(let cause), .connectionLost(let cause), .invalidResponse(let cause),
            .tooManyRedirects(let cause), .secureConnectionFailed(let cause), .other(let cause),
            .undecodableContent(let cause):
            "\(cause)"
        case .cancelled, .invalidURL, .responseTooLarge:
            nil
        }
    }

    /// The libcurl code of a ``CurlError`` cause (`libcurl error N: …`), if the cause is one.
    var curlCode: Int? {
        guard let text = causeText, text.hasPrefix("libcurl error ") else { return nil }
        return Int(text.dropFirst("libcurl error ".count).prefix { $0.isNumber })
    }
}

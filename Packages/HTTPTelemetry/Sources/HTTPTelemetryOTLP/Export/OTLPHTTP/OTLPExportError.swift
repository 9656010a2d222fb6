import Foundation
import HTTPClient
import HTTPTelemetry

/// Why an OTLP/HTTP export did not reach the collector, or was refused by it.
public enum OTLPExportError: Error, Sendable {
    /// The collector answered with a status outside 2xx.
    case rejected(signal: OTLPSignal, statusCode: HTTPStatusCode)
    /// No answer came back: a refused connection, an unknown host, a timeout. `underlying` is what the client
    /// threw.
    case unreachable(signal: OTLPSignal, underlying: any Error & Sendable)

    /// The signal whose export failed.
    public var signal: OTLPSignal {
        switch self {
        case .rejected(let signal, _), .unreachable(let signal, _): signal
        }
    }

    /// What the client threw, for ``unreachable(signal:underlying:)``.
    public var underlying: (any Error & Sendable)? {
        switch self {
        case .rejected: nil
        case .unreachable(_, let underlying): underlying
        }
    }
}

extension OTLPExportError: CustomStringConvertible {
    /// One line naming the signal and the status or the cause; never a header value.
    public var description: String {
        switch self {
        case .rejected(let signal, let statusCode):
            "The OTLP collector answered \(statusCode) to the \(signal.rawValue) export"
        case .unreachable(let signal, let underlying):
            "Could not send the \(signal.rawValue) to the OTLP collector (\(Self.text(of: underlying)))"
        }
    }

    private static func text(of error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}

extension OTLPExportError: LocalizedError {
    /// The same text as `description`.
    public var errorDescription: String? { description }
}

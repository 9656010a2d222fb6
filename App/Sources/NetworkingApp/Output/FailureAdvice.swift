import Foundation
import HTTPArchive
import HTTPCaching
import HTTPClient
import HTTPClientDecorators
import NetworkingComposition
import QuestionsFeatureAPI

/// The one piece of advice a failure's message ends with, chosen by its cause; `nil` when there is none
/// worth giving. Network advice is for transport failures alone.
enum FailureAdvice {
    static let network = "Check the network connection and that the server is running, then try again."
    static let baseURL = "Check that the base URL points at the API's server."

    static func advice(for error: any Error) -> String? {
        if let failure = LocalFileFailure(error) { return failure.advice }
        return switch error {
        case let error as HTTPTransportError: advice(for: error)
        case is HARReplayError: "Record the request with --record first, or replay an archive that holds it."
        case is ContentTypeValidationError: baseURL
        case .httpCode(let status, _) as HTTPError: status >= 500 ? "Wait a moment, then try again." : baseURL
        case let error as CocoaError: FileErrorText.advice(for: error)
        case is CacheUnavailable, is DiskHTTPCacheStore.Error:
            "Set NETWORKING_CACHE_DIR to a directory that can be created."
        case let error as OfflineWithoutCache: error.recoverySuggestion
        case is MissingAvatar: "Leave out --save-avatar for this question."
        case let error as BackoffInEffect:
            "Wait \(error.secondsLeft) seconds, or run `networking cache clear` to forget the wait."
        case let error as any LocalizedError: error.recoverySuggestion
        default: nil
        }
    }

    private static func advice(for error: HTTPTransportError) -> String? {
        // A handshake failure's sentence names the fix itself (see TLSHandshakeFailure).
        if let handshake = error.underlying as? TLSHandshakeFailure, handshake.sentence(for: error) != nil {
            return nil
        }
        return switch error {
        case .timedOut, .cannotConnect, .connectionLost, .other: network
        case .secureConnectionFailed: "Check the server's certificate and the system clock, then try again."
        case .untrustedCertificate: "Trust the authority that issued the server's certificate."
        case .certificateNameMismatch: "Check the base URL's host name against the server's certificate."
        case .certificateOutsideValidityPeriod: "Check the system clock and the dates of the server's certificate."
        case .pinnedKeyMismatch: "Check the pinned keys against the server's public key."
        case .clientCertificateRejected: "Present a client certificate the server accepts."
        case .noCommonTLSVersion: "Allow an older TLS version, or update the server."
        case .invalidURL: "Check the base URL."
        case .invalidResponse, .tooManyRedirects, .responseTooLarge: baseURL
        case .undecodableContent: "The server sent a body it had not encoded as it said; try again later."
        case .cancelled: nil
        }
    }
}

import HTTPClient
import HTTPClientSupport
import HTTPTransfers

extension HTTPTransportError: CategorizedError {
    /// A body that arrived but cannot be used (too large, undecodable) is 3; every other case is 1.
    var exitStatus: ExitStatus {
        switch self {
        case .responseTooLarge, .undecodableContent: .invalidResponse
        case .timedOut, .cannotConnect, .connectionLost, .cancelled, .invalidURL, .invalidResponse,
            .tooManyRedirects, .secureConnectionFailed, .other, .untrustedCertificate, .certificateNameMismatch,
            .certificateOutsideValidityPeriod, .pinnedKeyMismatch, .clientCertificateRejected, .noCommonTLSVersion:
            .networkFailure
        }
    }
}

extension HTTPError: CategorizedError {
    var exitStatus: ExitStatus { .serverError }
}

extension HTTPBodyError: CategorizedError {
    /// A file that cannot be read, or changed while it was read, is 5; a body that lies about its length or is
    /// too large is 3; a second read of a single-pass body is a bug in the tool (70).
    var exitStatus: ExitStatus {
        switch self {
        case .notARegularFile, .unreadableFile, .fileChanged: .localFileFailure
        case .lengthMismatch, .tooLarge: .invalidResponse
        case .alreadyRead: .internalError
        }
    }
}

extension HTTPDownloadError: CategorizedError {
    /// A file that cannot be written, or a destination another download writes, is 5; a body that disagrees
    /// with its headers or its digest is 3.
    var exitStatus: ExitStatus {
        switch self {
        case .fileSystem, .destinationInUse, .partialFileReplaced: .localFileFailure
        case .lengthMismatch, .unexpectedPartialContent, .digestMismatch: .invalidResponse
        }
    }
}

extension HTTPDigest.FormatError: CategorizedError {
    /// A digest that cannot be read comes from an answer (a listing's SHA-256): it cannot be used (3).
    var exitStatus: ExitStatus { .invalidResponse }
}

extension HTTPContentRange.ParseError: CategorizedError {
    /// A `Content-Range` the server sent that cannot be read: the answer cannot be used (3).
    var exitStatus: ExitStatus { .invalidResponse }
}

extension ResumableUploadError: CategorizedError {
    /// A file or record that cannot be read or written is 5; an upload that stalled on the network is 1; every
    /// answer the upload cannot go on with (no protocol support, a lost or moved offset, an expired upload, a
    /// limit, an unreachable upload URL) is 2.
    var exitStatus: ExitStatus {
        switch self {
        case .fileSystem: .localFileFailure
        case .stalled: .networkFailure
        case .protocolNotSupported, .offsetMovedBackwards, .invalidOffset, .uploadExpired, .limitExceeded,
            .uploadURLNotAddressable:
            .serverError
        }
    }
}

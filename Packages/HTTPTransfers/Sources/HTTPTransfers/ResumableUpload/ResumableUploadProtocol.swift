import Foundation
import HTTPClient

/// The protocol ``HTTPClient/HTTPClient/uploadResumably(_:to:using:records:progress:)`` speaks.
public enum ResumableUploadProtocol: Sendable, Hashable {
    /// Resumable Uploads for HTTP (draft-ietf-httpbis-resumable-upload), interop version
    /// ``ResumableUploadProtocol/draftInteropVersion``.
    case draft
    /// tus 1.0.0: the core protocol with the creation and termination extensions.
    case tus

    /// The `Upload-Draft-Interop-Version` sent with every ``draft`` request.
    public static let draftInteropVersion = 8

    /// The `Tus-Resumable` version sent with every ``tus`` request.
    public static let tusVersion = "1.0.0"

    /// The statuses to an upload's offset request, append or cancellation that say the server no longer holds
    /// it: `404` and `410`, and for ``tus`` also `403`.
    var goneStatuses: Set<HTTPStatusCode> {
        switch self {
        case .draft: [404, 410]
        case .tus: [403, 404, 410]
        }
    }

    /// The name kept in an upload record.
    var recordName: String {
        switch self {
        case .draft: "draft"
        case .tus: "tus"
        }
    }
}

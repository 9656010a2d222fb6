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

    /// The name kept in an upload record.
    var recordName: String {
        switch self {
        case .draft: "draft"
        case .tus: "tus"
        }
    }
}

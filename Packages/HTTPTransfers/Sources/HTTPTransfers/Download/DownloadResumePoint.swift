import Foundation
import HTTPClient

/// A partial file a download continues: its size, its record, and the hash of its bytes to go on from.
struct DownloadResumePoint: Sendable {
    let offset: Int64
    let record: DownloadResumeRecord
    let hash: SHA256
}

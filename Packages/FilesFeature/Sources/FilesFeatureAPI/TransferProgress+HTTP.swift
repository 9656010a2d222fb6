import FilesFeature
import HTTPClient

extension TransferProgress {
    /// The download side of `progress`: bytes received of the bytes expected.
    public init(receiving progress: HTTPTransferProgress) {
        self.init(completedBytes: progress.bytesReceived, totalBytes: progress.bytesExpectedToReceive)
    }

    /// The upload side of `progress`: bytes sent of the bytes expected.
    public init(sending progress: HTTPTransferProgress) {
        self.init(completedBytes: progress.bytesSent, totalBytes: progress.bytesExpectedToSend)
    }
}

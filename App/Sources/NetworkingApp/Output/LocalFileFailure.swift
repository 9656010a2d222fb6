import Foundation
import HTTPClient
import HTTPTransfers

/// A package error that wraps a file system error on a named path (an upload file that cannot be read, a
/// download file that cannot be written), told as ``FileErrorText`` tells Foundation's own.
struct LocalFileFailure {
    /// `Could not read PATH: REASON`, without a final period.
    let sentence: String
    /// The fix that fits the reason.
    let advice: String

    /// The failure `error` stands for, or `nil` when it is not a wrapped file error.
    init?(_ error: any Error) {
        switch error {
        case HTTPBodyError.unreadableFile(let path, let underlying):
            self.init(path: path, writing: false, underlying: underlying)
        case HTTPBodyError.notARegularFile(let path):
            let values = try? URL(fileURLWithPath: path).resourceValues(forKeys: [.isDirectoryKey])
            let reason = values?.isDirectory == true ? "it is a folder" : "it is not a regular file"
            self.init(
                sentence: "Could not read \(path): \(reason)", advice: "Give a regular file, not a folder or a device.")
        case HTTPBodyError.fileChanged(let path):
            self.init(
                sentence: "Could not read \(path): it changed while it was read, so nothing was stored",
                advice: "Upload it again once nothing writes to it.")
        case HTTPDownloadError.fileSystem(let path, let underlying):
            self.init(path: path, writing: true, underlying: underlying)
        default:
            return nil
        }
    }

    private init(sentence: String, advice: String) {
        self.sentence = sentence
        self.advice = advice
    }

    private init(path: String, writing: Bool, underlying: any Error) {
        self.init(
            sentence: FileErrorText.sentence(path: path, writing: writing, underlying: underlying),
            advice: FileErrorText.advice(writing: writing, underlying: underlying))
    }
}

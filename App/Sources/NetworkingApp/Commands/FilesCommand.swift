import CommandLineKit
import FilesFeature
import Foundation
import HTTPClient

/// `networking files`, `files download` and `files upload`: the Files feature's actions, with a progress bar on
/// standard error when it is a terminal.
struct FilesCommand {
    let actions: FilesActions
    let console: Console
    /// Where a download goes without `--output`, and what relative paths start from.
    var workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// The bar's clock; injected by tests.
    var elapsed: @Sendable () -> Duration = ProgressBar.monotonicClock()

    func list(json: Bool) async -> ExitStatus {
        do {
            let files = try await actions.list()
            if json {
                console.writeDocument(try JSONOutput.render(FilesDocument(files)))
            } else {
                console.writeOutput(FilesRenderer.render(.loaded(files)) + "\n")
            }
            return .success
        } catch {
            return Report.failure("Could not list the files", error, console: console)
        }
    }

    func download(name: String, output: String?) async -> ExitStatus {
        let destination = self.destination(name: name, output: output)
        let bar = progressBar(label: name)
        do {
            try await actions.download(name, destination) {
                bar.update(completed: $0.completedBytes, total: $0.totalBytes)
            }
            bar.finish()
            console.writeOutput(FilesRenderer.render(.downloaded(name: name, destination: destination)) + "\n")
            return .success
        } catch {
            bar.finish()
            let partial = HTTPDownload.partialFile(for: destination)
            if Task.isCancelled, FileManager.default.fileExists(atPath: partial.path) {
                console.writeError(
                    "networking: Download of \(name) interrupted; the same command resumes it from \(partial.path).\n")
                return FailureClassifier.status(for: error)
            }
            return Report.failure("Could not download \(name)", error, console: console)
        }
    }

    func upload(_ paths: [String]) async -> ExitStatus {
        let files = paths.map(localURL)
        let bar = progressBar(label: files.count == 1 ? files[0].lastPathComponent : "\(files.count) files")
        do {
            let stored = try await actions.upload(files) {
                bar.update(completed: $0.completedBytes, total: $0.totalBytes)
            }
            bar.finish()
            console.writeOutput(FilesRenderer.render(.uploaded(stored)) + "\n")
            return .success
        } catch {
            bar.finish()
            // A file error's sentence names the file and what failed with it: no action goes in front.
            if LocalFileFailure(error) != nil { return Report.failure(error, console: console) }
            return Report.failure("Could not upload", error, console: console)
        }
    }

    /// `--output` (a folder takes NAME inside it), else `./NAME`.
    func destination(name: String, output: String?) -> URL {
        guard let output else { return workingDirectory.appendingPathComponent(name) }
        let url = localURL(output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.appendingPathComponent(name)
        }
        return url
    }

    /// `path` as a file URL, a relative one from ``workingDirectory``.
    private func localURL(_ path: String) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
        return url.standardizedFileURL
    }

    private func progressBar(label: String) -> ProgressBar {
        ProgressBar(label: label, isTerminal: console.showsProgress, elapsed: elapsed, write: console.writeRawError)
    }
}

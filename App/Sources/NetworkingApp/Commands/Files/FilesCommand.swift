import CommandLineKit
import FilesFeature
import Foundation
import HTTPClient
import HTTPTransfers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `networking files`, `files download` and `files upload` (in `FilesCommand+Upload`): the Files feature's
/// actions, with a progress bar on standard error when it is a terminal.
struct FilesCommand {
    let actions: FilesActions
    let console: Console
    /// Where a download goes without `--output`, and what relative paths start from.
    var workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// The bar's clock; injected by tests.
    var elapsed: @Sendable () -> Duration = ProgressBar.monotonicClock()
    /// The width of the terminal the bar is drawn on; injected by tests.
    var columns: @Sendable () -> Int? = { TerminalWidth.columns(ofTerminal: STDERR_FILENO) }

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
        let target: DownloadTarget
        do {
            target = try DownloadTarget.resolve(name: name, output: output, in: workingDirectory)
        } catch {
            return downloadFailure(name, error)
        }
        switch target {
        case .file(let destination): return await download(name: name, to: destination)
        case .inPlace(let path): return await download(name: name, inPlace: path)
        case .standardOutput: return await downloadToStandardOutput(name: name)
        }
    }

    /// Downloads through `HTTPClient.download`: resumable, renamed into place when complete.
    private func download(name: String, to destination: URL) async -> ExitStatus {
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
                    "networking: Download of \(FilesRenderer.displayName(name)) interrupted; the same command resumes it from \(partial.path).\n"
                )
                return FailureClassifier.status(for: error)
            }
            return downloadFailure(name, error)
        }
    }

    /// Writes the file into a FIFO or character device as it arrives: no partial file, no resume.
    private func download(name: String, inPlace path: String) async -> ExitStatus {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = OutputFile.Error.cannotWrite(
                path: path, reason: FileDescriptorIO.Failure(code: errno).description)
            return downloadFailure(name, error)
        }
        defer { close(descriptor) }
        let status = await downloadBytes(name: name) { bytes throws(OutputFile.Error) in
            do throws(FileDescriptorIO.Failure) {
                try FileDescriptorIO.write(bytes, to: descriptor)
            } catch {
                throw .cannotWrite(path: path, reason: error.description)
            }
        }
        if status == .success {
            let destination = URL(fileURLWithPath: path)
            console.writeOutput(FilesRenderer.render(.downloaded(name: name, destination: destination)) + "\n")
        }
        return status
    }

    /// Writes the file to standard output as it arrives; a failed write there exits as ``StandardStreams`` says.
    private func downloadToStandardOutput(name: String) async -> ExitStatus {
        await downloadBytes(name: name) { try console.writeOutputBytes($0) }
    }

    /// Streams the file `name` into `write`, with the bar on standard error.
    private func downloadBytes(
        name: String, write: @escaping @Sendable ([UInt8]) throws -> Void
    ) async -> ExitStatus {
        guard let downloadBytes = actions.downloadBytes else {
            return downloadFailure(name, BinaryOutputUnsupported())
        }
        let bar = progressBar(label: name)
        do {
            try await downloadBytes(
                name, { try write(Array($0)) }, { bar.update(completed: $0.completedBytes, total: $0.totalBytes) })
            bar.finish()
            return .success
        } catch is FileDescriptorIO.Failure {
            bar.finish()
            // Standard output refused the bytes: the process's exit status reports it (141 or 74).
            return .localFileFailure
        } catch {
            bar.finish()
            return downloadFailure(name, error)
        }
    }

    /// `path` as a file URL, a relative one from ``workingDirectory``.
    func localURL(_ path: String) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
        return url.standardizedFileURL
    }

    /// A file error's sentence names the file and what failed with it: no action goes in front.
    private func downloadFailure(_ name: String, _ error: any Error) -> ExitStatus {
        if LocalFileFailure(error) != nil { return Report.failure(error, console: console) }
        return Report.failure("Could not download \(FilesRenderer.displayName(name))", error, console: console)
    }

    /// A bar for `label`, shown as ``FilesRenderer/displayName(_:)`` shows names.
    func progressBar(label: String) -> ProgressBar {
        ProgressBar(
            label: FilesRenderer.displayName(label), isTerminal: console.showsProgress, elapsed: elapsed,
            columns: columns, write: console.writeRawError)
    }
}

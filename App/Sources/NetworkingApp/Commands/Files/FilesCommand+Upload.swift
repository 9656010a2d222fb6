import CommandLineKit
import FilesFeature
import FilesFeatureAPI
import Foundation
import NetworkingComposition

/// `networking files upload FILE...` and `files upload --cancel FILE...`.
///
/// Without `--protocol`, a file whose interrupted upload has a record continues with that record's protocol,
/// and the others use the first resumable protocol the Files API offers; when it offers none, or the cache
/// directory that keeps the records cannot be used (said once on standard error), they go in one multipart
/// request. Resumable uploads run one file after another, each with its own bar and record; a failed file
/// does not stop the others (Ctrl-C does), the first failure's status is the exit status, and one line on
/// standard output names every file stored.
extension FilesCommand {
    func upload(_ paths: [String], using choice: UploadProtocolChoice? = nil) async -> ExitStatus {
        let files = paths.map(localURL)
        do {
            try FilesUploadForm.checkNames(files)  // every name checked before any byte is sent
        } catch {
            return uploadFailure(error)
        }
        if choice == .multipart { return await uploadMultipart(files) }
        guard let resumable = actions.resumableUploads else {
            guard choice == nil else { return uploadFailure(UploadCommandError.recordsUnavailable(reason: nil)) }
            return await uploadMultipart(files)
        }
        let plan: [(file: URL, uploadProtocol: ResumableFileProtocol?)]
        do {
            _ = try FilesUploadForm.make(files: files)  // every file readable before any request
            plan = try await self.plan(files, choice: choice?.resumable, resumable: resumable)
        } catch let error as CacheUnavailable {
            guard choice == nil else {
                return uploadFailure(UploadCommandError.recordsUnavailable(reason: error.reason))
            }
            console.writeError("networking: resumable uploads disabled: \(error.reason).\n")
            return await uploadMultipart(files)
        } catch {
            return uploadFailure(error)
        }
        var stored: [RemoteFile] = []
        var status = ExitStatus.success
        for (file, uploadProtocol) in plan {
            guard let uploadProtocol, !Task.isCancelled else { continue }
            switch await upload(file, with: uploadProtocol, resumable: resumable) {
            case .success(let file): stored.append(file)
            case .failure(let failure): if status == .success { status = failure.status }
            }
        }
        let rest = plan.filter { $0.uploadProtocol == nil }.map(\.file)
        if !rest.isEmpty, !Task.isCancelled {
            switch await sendMultipart(rest) {
            case .success(let files): stored += files
            case .failure(let failure): if status == .success { status = failure.status }
            }
        }
        if !stored.isEmpty { console.writeOutput(FilesRenderer.render(.uploaded(stored)) + "\n") }
        return status
    }

    /// The protocol for each file: `choice`, else the one of its interrupted upload, else the first offered
    /// (asked once, only when needed); `nil` for multipart.
    private func plan(_ files: [URL], choice: ResumableFileProtocol?, resumable: ResumableUploads) async throws
        -> [(file: URL, uploadProtocol: ResumableFileProtocol?)]
    {
        var plan: [(file: URL, uploadProtocol: ResumableFileProtocol?)] = []
        var offered: ResumableFileProtocol??
        for file in files {
            if let choice {
                _ = try resumable.interrupted(file)  // makes the records folder ready, or says why it cannot be
                plan.append((file, choice))
            } else if let interrupted = try resumable.interrupted(file) {
                plan.append((file, interrupted))
            } else {
                if offered == nil { offered = .some(try await resumable.offered().first) }
                plan.append((file, offered ?? nil))
            }
        }
        return plan
    }

    /// Uploads one file resumably, with its own bar; a failure is reported on standard error.
    private func upload(_ file: URL, with uploadProtocol: ResumableFileProtocol, resumable: ResumableUploads) async
        -> Result<RemoteFile, UploadFailed>
    {
        let bar = progressBar(label: file.lastPathComponent)
        do {
            let stored = try await resumable.upload(file, uploadProtocol) {
                bar.update(completed: $0.completedBytes, total: $0.totalBytes)
            }
            bar.finish()
            return .success(stored)
        } catch {
            bar.finish()
            let name = FilesRenderer.displayName(file.lastPathComponent)
            // A file that changed starts a new upload on the next run: only an interrupted transfer continues.
            guard LocalFileFailure(error) == nil, (try? resumable.interrupted(file)) != nil else {
                return .failure(UploadFailed(status: uploadFailure(error, action: "Could not upload \(name)")))
            }
            if Task.isCancelled {
                console.writeError("networking: Upload of \(name) interrupted; the same command continues it.\n")
                return .failure(UploadFailed(status: FailureClassifier.status(for: error)))
            }
            let status = uploadFailure(error, action: "Could not upload \(name)")
            console.writeError("networking: The same command continues the upload of \(name).\n")
            return .failure(UploadFailed(status: status))
        }
    }

    /// Sends `files` in one `multipart/form-data` request and prints what the server stored.
    private func uploadMultipart(_ files: [URL]) async -> ExitStatus {
        switch await sendMultipart(files) {
        case .success(let stored):
            console.writeOutput(FilesRenderer.render(.uploaded(stored)) + "\n")
            return .success
        case .failure(let failure):
            return failure.status
        }
    }

    /// Sends `files` in one `multipart/form-data` request, with one bar; a failure is reported on standard
    /// error.
    private func sendMultipart(_ files: [URL]) async -> Result<[RemoteFile], UploadFailed> {
        let bar = progressBar(label: files.count == 1 ? files[0].lastPathComponent : "\(files.count) files")
        do {
            let stored = try await actions.upload(files) {
                bar.update(completed: $0.completedBytes, total: $0.totalBytes)
            }
            bar.finish()
            return .success(stored)
        } catch {
            bar.finish()
            return .failure(UploadFailed(status: uploadFailure(error)))
        }
    }

    /// Deletes each file's interrupted upload on the server and its record: with the protocol `choice` names,
    /// else with either. A file without one is said on standard error and exits 4 (nothing to cancel).
    func cancelUploads(_ paths: [String], using choice: UploadProtocolChoice? = nil) async -> ExitStatus {
        if choice == .multipart { return uploadFailure(UploadCommandError.multipartCannotBeCancelled) }
        guard let resumable = actions.resumableUploads else {
            return uploadFailure(UploadCommandError.recordsUnavailable(reason: nil))
        }
        let protocols = choice?.resumable.map { [$0] } ?? ResumableFileProtocol.allCases
        var status = ExitStatus.success
        for file in paths.map(localURL) {
            let name = FilesRenderer.displayName(file.lastPathComponent)
            do {
                var cancelled = false
                for uploadProtocol in protocols where try await resumable.cancel(file, uploadProtocol) {
                    cancelled = true
                }
                if cancelled {
                    console.writeOutput("Cancelled the upload of \(name)\n")
                } else {
                    console.writeError("networking: No interrupted upload of \(name) to cancel.\n")
                    if status == .success { status = .notFound }
                }
            } catch let error as CacheUnavailable {
                let result = uploadFailure(UploadCommandError.recordsUnavailable(reason: error.reason))
                if status == .success { status = result }
            } catch {
                let result = uploadFailure(error, action: "Could not cancel the upload of \(name)")
                if status == .success { status = result }
            }
        }
        return status
    }

    /// A file error's sentence names the file and what failed with it: no action goes in front.
    private func uploadFailure(_ error: any Error, action: String = "Could not upload") -> ExitStatus {
        if LocalFileFailure(error) != nil { return Report.failure(error, console: console) }
        return Report.failure(action, error, console: console)
    }
}

/// An upload that failed and was reported, with the exit status it stands for.
private struct UploadFailed: Error {
    let status: ExitStatus
}

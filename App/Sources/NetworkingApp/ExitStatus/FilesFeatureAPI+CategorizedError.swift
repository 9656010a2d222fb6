import FilesFeatureAPI
import HTTPClient

extension FilesListMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatus.exitStatus(status)
        case .invalidJSON: .invalidResponse
        }
    }
}

extension FilesDownloadMapper.Error: CategorizedError {
    /// A 404 is a file that is not there (4); any other error status is the server's (2).
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatus.exitStatus(status)
        }
    }
}

extension FilesUploadMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatus.exitStatus(status)
        case .invalidJSON, .notListed: .invalidResponse
        }
    }
}

extension FilesDeleteMapper.Error: CategorizedError {
    var exitStatus: ExitStatus {
        switch self {
        case .unexpectedStatus(let status, _): FilesStatus.exitStatus(status)
        }
    }
}

extension FilesUploadForm.Error: CategorizedError {
    /// An upload with no file, or with a name the Files API cannot store or gets twice, is a wrong command line.
    var exitStatus: ExitStatus {
        switch self {
        case .noFiles, .unstorableName, .duplicateName: .usage
        }
    }
}

/// The exit status of a Files API error status: 4 for a missing file, 2 for the rest.
private enum FilesStatus {
    static func exitStatus(_ status: HTTPStatusCode) -> ExitStatus {
        status == 404 ? .notFound : .serverError
    }
}

import HTTPClient

/// Readable sentences for the statuses the Files API answers with, shared by the mappers.
enum FilesStatusText {
    /// What went wrong, for example "The server has no such file (HTTP 404: no file named 'a')."
    static func problem(status: HTTPStatusCode, serverMessage: String?, action: String) -> String {
        let code = serverMessage.map { "HTTP \(status): \($0)" } ?? "HTTP \(status)"
        return switch status {
        case 400: "The files server refused to \(action): the request is invalid (\(code))."
        case 401: "The server rejected the access token (\(code))."
        case 403: "The server refused to \(action) (\(code))."
        case 404: "The server has no such file (\(code))."
        case 408, 429, 500...599: "The files server is unavailable right now (\(code))."
        default: "The files server could not \(action): unexpected status (\(code))."
        }
    }

    /// What the person can do about `status`, or `nil` when there is nothing specific to say.
    static func suggestion(status: HTTPStatusCode) -> String? {
        switch status {
        case 400: "Use file names without slashes, control characters or a leading dot."
        case 401: "Sign in again or configure a valid access token, then retry."
        case 404: "List the files to see which names exist."
        case 408, 429, 500...599: "Wait a moment, then try again."
        default: nil
        }
    }
}

import Foundation
import HTTPClient

/// Where an upload lives, as follow-up requests address it: a path relative to the client's base URL (with an
/// empty version segment) and a query.
///
/// The creation response's `Location` is resolved against the URL that answered the creation request
/// (`HTTPResponse/url`). The client's base URL is that URL without the request's `version/path`; the upload
/// URL must have the same origin and lie under that base, and its path below the base becomes the follow-up
/// requests' path. When the client does not say which URL answered (a scripted or recorded response), the
/// base URL is taken to be the origin's root and the `Location`'s path is used as it is.
struct UploadAddress: Codable, Equatable, Sendable {
    /// The percent-encoded path below the base URL, without a leading `/`.
    var path: String
    var query: [String: String]?

    /// The address of `location`, which answered `request` at `answeredURL`.
    /// - Throws: ``ResumableUploadError/uploadURLNotAddressable(_:)`` for another origin or a URL outside the
    ///   base URL.
    init(location: String, request: any HTTPRequest, answeredURL: URL?) throws {
        let suffix =
            "/"
            + [request.version, request.path].map(Self.trimmingSlashes).filter { !$0.isEmpty }
            .joined(separator: "/")
        let placeholder = URL(string: "http://upload.invalid\(suffix)")
        guard let answered = answeredURL ?? placeholder,
            let resolved = URL(string: location, relativeTo: answered)?.absoluteURL,
            let target = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
            let origin = URLComponents(url: answered, resolvingAgainstBaseURL: false)
        else { throw ResumableUploadError.uploadURLNotAddressable(location) }
        var basePath = ""
        if answeredURL != nil {
            guard target.scheme?.lowercased() == origin.scheme?.lowercased(),
                target.host?.lowercased() == origin.host?.lowercased(), target.port == origin.port
            else { throw ResumableUploadError.uploadURLNotAddressable(location) }
            let answeredPath = origin.percentEncodedPath
            if answeredPath.hasSuffix(suffix) { basePath = String(answeredPath.dropLast(suffix.count)) }
        }
        let targetPath = target.percentEncodedPath
        guard targetPath.hasPrefix(basePath + "/") else { throw ResumableUploadError.uploadURLNotAddressable(location) }
        path = String(targetPath.dropFirst(basePath.count + 1))
        guard !path.isEmpty else { throw ResumableUploadError.uploadURLNotAddressable(location) }
        let items = target.queryItems ?? []
        query = items.isEmpty ? nil : Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    }

    private static func trimmingSlashes(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
}

/// A follow-up request to an upload's URL: offset retrieval, append or cancellation.
struct UploadResourceRequest: HTTPRequest {
    let method: HTTPMethod
    let path: HTTPPath
    let version: HTTPVersion = ""
    let headers: HTTPHeaders?
    let queryParameter: HTTPQueryParameter?

    init(_ method: HTTPMethod, _ address: UploadAddress, headers: HTTPHeaders) {
        self.method = method
        path = address.path
        queryParameter = address.query
        self.headers = headers
    }
}

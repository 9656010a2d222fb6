import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPTransfers

/// Wires the Files feature: its closures are the Files API's endpoints, sent through a chain signed with the
/// token API's bearer access token (from ``AccessTokenSource``, as the token chain's), and mapped by the feature's
/// mappers. Downloads to a file resume through `HTTPClient.download` and must have the SHA-256 the listing
/// states for the file (listed first); downloads to standard output or a FIFO stream; uploads stream a multipart
/// form, or go one file at a time through `HTTPClient.uploadResumably` with their records in the cache directory
/// (``UploadRecordsFolder``).
package struct FilesFeatureComposer {
    /// The feature's closures.
    package let actions: FilesActions

    /// The Files API of `settings`, through `factory`'s files chain.
    package init(settings: Settings, factory: HTTPClientFactory) throws {
        let token = try AccessTokenSource(settings: settings, factory: factory)
        let client = try factory.filesClient(
            baseURL: settings.filesBaseURL, accessToken: token.stored, refreshAccessToken: token.refresh)
        actions = Self.actions(
            client: client,
            records: UploadRecordsFolder(location: settings.cacheLocation, baseURL: settings.filesBaseURL))
    }

    /// The feature's closures over `client`; resumable uploads keep their records in `records`, and are not
    /// offered without it.
    static func actions(client: any HTTPClient, records: UploadRecordsFolder? = nil) -> FilesActions {
        FilesActions(
            list: {
                let (data, response) = try await client.load(request: FilesAPI.list)
                return try FilesListMapper.map(data: data, response: response)
            },
            download: { name, destination, progress in
                let (data, response) = try await client.load(request: FilesAPI.list)
                let listed = try FilesListMapper.map(data: data, response: response).first { $0.name == name }
                let expected = try listed.map { try HTTPDigest(sha256Hex: $0.sha256) }
                do {
                    let request = FilesAPI.file(name: name)
                    let report: @Sendable (HTTPTransferProgress) -> Void = { progress(TransferProgress(receiving: $0)) }
                    if let expected {
                        try await client.download(
                            request: request, to: destination, expectedDigest: expected, progress: report)
                    } else {
                        try await client.download(request: request, to: destination, progress: report)
                    }
                } catch {
                    throw FilesDownloadMapper.map(error)
                }
            },
            downloadBytes: { name, write, progress in
                do {
                    try await client.stream(
                        request: FilesAPI.file(name: name), body: nil,
                        progress: { progress(TransferProgress(receiving: $0)) }
                    ) { response, body in
                        guard response.isSuccess else {
                            let data = (try? await body.collect(upTo: FilesUploadMapper.maximumResponseSize)) ?? Data()
                            throw HTTPError.httpCode(statusCode: response.statusCode, data: data)
                        }
                        for try await chunk in body { try write(chunk) }
                    }
                } catch {
                    throw FilesDownloadMapper.map(error)
                }
            },
            upload: { files, progress in
                let form = try FilesUploadForm.make(files: files)
                return try await client.stream(
                    request: FilesAPI.upload(contentType: form.contentType), body: form.makeBody(),
                    progress: { progress(TransferProgress(sending: $0)) }
                ) { response, body in
                    let data = try await body.collect(upTo: FilesUploadMapper.maximumResponseSize)
                    return try FilesUploadMapper.map(data: data, response: response)
                }
            },
            delete: { name in
                let (data, response) = try await client.load(request: FilesAPI.delete(name: name))
                try FilesDeleteMapper.map(data: data, response: response)
            },
            resumableUploads: records.map { resumableUploads(client: client, records: $0) }
        )
    }
}

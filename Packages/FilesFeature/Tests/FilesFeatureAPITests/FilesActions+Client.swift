import FilesFeature
import FilesFeatureAPI
import HTTPClient
import HTTPTransfers

/// The composition the App performs: the feature's closures from a client, the endpoints and the mappers.
extension FilesActions {
    static func composed(client: any HTTPClient) -> FilesActions {
        FilesActions(
            list: {
                let (data, response) = try await client.load(request: FilesAPI.list)
                return try FilesListMapper.map(data: data, response: response)
            },
            download: { name, destination, progress in
                do {
                    try await client.download(request: FilesAPI.file(name: name), to: destination) {
                        progress(TransferProgress(receiving: $0))
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
            }
        )
    }
}

import FilesFeature
import FilesFeatureAPI
import Foundation
import HTTPClient
import HTTPTransfers

extension FilesFeatureComposer {
    /// Resumable uploads over `client`: `OPTIONS v1/tus/` says whether the Files API offers tus, and each upload
    /// keeps its record in `records` (made ready, mode 0700, on first use) until it completes.
    static func resumableUploads(client: any HTTPClient, records: UploadRecordsFolder) -> ResumableUploads {
        ResumableUploads(
            offered: {
                let (data, response) = try await client.load(request: FilesAPI.uploadOptions)
                return try FilesUploadOptionsMapper.map(data: data, response: response)
            },
            interrupted: { file in
                let folder = try records.prepare()
                return ResumableFileProtocol.allCases.first {
                    $0.library.hasRecord(of: file, to: FilesAPI.resumableUpload($0.library), in: folder)
                }
            },
            upload: { file, uploadProtocol, progress in
                let (data, response) = try await client.uploadResumably(
                    file, to: FilesAPI.resumableUpload(uploadProtocol.library), using: uploadProtocol.library,
                    records: try records.prepare(), progress: { progress(TransferProgress(sending: $0)) })
                if let stored = try FilesResumableUploadMapper.map(data: data, response: response) { return stored }
                let name = file.lastPathComponent
                let (listing, listingResponse) = try await client.load(request: FilesAPI.list)
                let files = try FilesListMapper.map(data: listing, response: listingResponse)
                guard let stored = files.first(where: { $0.name == name }) else {
                    throw FilesUploadMapper.Error.notListed(name: name)
                }
                return stored
            },
            cancel: { file, uploadProtocol in
                try await client.cancelResumableUpload(
                    file, to: FilesAPI.resumableUpload(uploadProtocol.library), using: uploadProtocol.library,
                    records: try records.prepare())
            }
        )
    }
}

extension ResumableFileProtocol {
    /// The library's protocol of the same name.
    fileprivate var library: ResumableUploadProtocol {
        switch self {
        case .draft: .draft
        case .tus: .tus
        }
    }
}

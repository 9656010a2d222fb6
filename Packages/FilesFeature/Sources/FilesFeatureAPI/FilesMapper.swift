import FilesFeature
import Foundation
import HTTPClient

/// Turns the response of ``FilesAPI/list`` into `File` values.
public enum FilesMapper {
    /// Why a response holds no files.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`.
        case unexpectedStatus(HTTPStatusCode)
        /// The body is not a JSON array of `{"id": Int, "name": String}`; `reason` says where it differs.
        case invalidJSON(reason: String)
    }

    private struct Item: Decodable {
        let id: Int
        let name: String
    }

    /// The files in a successful response.
    /// - Throws: ``Error`` for a non-2xx status or a body that is not the expected JSON.
    public static func map(data: Data, response: HTTPResponse) throws -> [File] {
        guard response.isSuccess else { throw Error.unexpectedStatus(response.statusCode) }
        do {
            return try JSONDecoder().decode([Item].self, from: data).map { File(id: $0.id, name: $0.name) }
        } catch {
            throw Error.invalidJSON(reason: String(describing: error))
        }
    }
}

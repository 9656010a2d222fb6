import Foundation
import HTTPClient

/// Reads a Stack Exchange API response in the one safe order: compressed body, error object, status, wrapper.
enum StackExchangeResponse {
    /// Why a response holds no wrapper; each mapper turns this into its own error.
    enum Error: Swift.Error {
        case api(StackExchangeAPIError)
        case status(HTTPStatusCode)
        case compressed
        case malformed(String)
    }

    /// The wrapper in `data`.
    /// - Throws: ``Error``, never anything else.
    static func wrapper<Item: Decodable>(
        of item: Item.Type, data: Data, response: HTTPResponse
    ) throws(Error) -> WrapperDTO<Item> {
        if data.starts(with: [0x1F, 0x8B]) { throw .compressed }
        if let error = try? JSONDecoder().decode(ErrorDTO.self, from: data) {
            throw .api(StackExchangeAPIError(id: error.errorID, name: error.errorName, message: error.errorMessage))
        }
        guard response.isSuccess else { throw .status(response.statusCode) }
        do {
            return try JSONDecoder().decode(WrapperDTO<Item>.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(describe(error))
        } catch {
            throw .malformed(String(describing: error))
        }
    }

    /// The wrapper in `data`, or the error a mapper throws: the API's own ``StackExchangeAPIError``, or the
    /// mapper's `MapperError` for a compressed body, a bare error status or a malformed wrapper.
    static func wrapper<Item: Decodable, MapperError: StackExchangeMapperError>(
        of item: Item.Type, data: Data, response: HTTPResponse, failingWith: MapperError.Type
    ) throws -> WrapperDTO<Item> {
        do throws(Error) {
            return try wrapper(of: item, data: data, response: response)
        } catch {
            switch error {
            case .api(let apiError): throw apiError
            case .status(let status): throw MapperError.unexpectedStatus(status)
            case .compressed: throw MapperError.compressedBody
            case .malformed(let reason): throw MapperError.invalidData(reason)
            }
        }
    }

    /// A positive backoff, or `nil`.
    static func backoff(_ seconds: Int?) -> Int? {
        seconds.flatMap { $0 > 0 ? $0 : nil }
    }

    /// "items.0.title: expected String" rather than the full dump of a `DecodingError`.
    private static func describe(_ error: DecodingError) -> String {
        let (context, problem): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "expected \(type), found null")
            case .keyNotFound(let key, let context): (context, "missing \"\(key.stringValue)\"")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? problem : "\(path): \(problem)"
    }
}

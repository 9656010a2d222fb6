import Foundation
import HTTPClient
import QuestionsFeature

/// Turns the response of an ``AvatarRequest`` into an `Avatar`: the bytes, their detected format and,
/// when the header says, the image's size.
public enum AvatarMapper {
    /// Why a response holds no image.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The status was outside `200..<300`.
        case unexpectedStatus(HTTPStatusCode)
        /// The body is empty.
        case emptyBody
    }

    /// The avatar in `data`. The format comes from the bytes' signature (PNG, JPEG, GIF, WebP, else
    /// `Avatar.Format.unknown`), not from `Content-Type`.
    /// - Throws: ``Error`` for a non-2xx status or an empty body.
    public static func map(data: Data, response: HTTPResponse) throws -> Avatar {
        guard response.isSuccess else { throw Error.unexpectedStatus(response.statusCode) }
        guard !data.isEmpty else { throw Error.emptyBody }
        let header = ImageHeader(bytes: [UInt8](data.prefix(ImageHeader.maximumInspectedBytes)))
        return Avatar(data: data, format: header.format, width: header.width, height: header.height)
    }
}

extension AvatarMapper.Error: LocalizedError, CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedStatus(let status): "The image server answered with HTTP \(status)."
        case .emptyBody: "The image server sent an empty image."
        }
    }

    public var errorDescription: String? { description }
}

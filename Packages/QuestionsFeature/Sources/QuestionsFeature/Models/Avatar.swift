import Foundation

/// A downloaded profile image: its bytes and what their header says.
public struct Avatar: Equatable, Sendable {
    /// The image format, detected from the first bytes rather than trusted from a header.
    public enum Format: String, Sendable, CaseIterable {
        /// A PNG image.
        case png
        /// A JPEG image.
        case jpeg
        /// A GIF image.
        case gif
        /// A WebP image.
        case webp
        /// Bytes that match none of the known signatures.
        case unknown
    }

    /// The image bytes.
    public var data: Data
    /// The detected format.
    public var format: Format
    /// The width in pixels, when the header says.
    public var width: Int?
    /// The height in pixels, when the header says.
    public var height: Int?

    /// Creates an avatar.
    public init(data: Data, format: Format, width: Int? = nil, height: Int? = nil) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
    }

    /// The number of bytes.
    public var byteCount: Int { data.count }
}

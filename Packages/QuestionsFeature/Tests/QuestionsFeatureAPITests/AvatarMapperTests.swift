import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@Suite struct AvatarMapperTests {
    @Test func mapsARealPNGWithItsSize() throws {
        let data = try Fixtures.avatarPNG

        let avatar = try AvatarMapper.map(data: data, response: png)

        #expect(avatar == Avatar(data: data, format: .png, width: 64, height: 64))
        #expect(avatar.byteCount == data.count)
    }

    @Test(
        arguments: [
            (ImageBytes.png(width: 256, height: 128), Avatar.Format.png, 256, 128),
            (ImageBytes.jpeg(width: 640, height: 480), .jpeg, 640, 480),
            (ImageBytes.gif(width: 48, height: 32), .gif, 48, 32),
            (ImageBytes.webpExtended(width: 300, height: 200), .webp, 300, 200),
            (ImageBytes.webpLossy(width: 128, height: 96), .webp, 128, 96),
            (ImageBytes.webpLossless(width: 50, height: 70), .webp, 50, 70),
        ] as [([UInt8], Avatar.Format, Int, Int)])
    func detectsTheFormatAndSizeFromTheBytes(bytes: [UInt8], format: Avatar.Format, width: Int, height: Int) throws {
        let avatar = try AvatarMapper.map(data: Data(bytes), response: HTTPResponse(statusCode: 200))

        #expect(avatar.format == format)
        #expect(avatar.width == width)
        #expect(avatar.height == height)
    }

    @Test func trustsTheBytesNotTheContentType() throws {
        let avatar = try AvatarMapper.map(data: Data(ImageBytes.gif(width: 1, height: 1)), response: png)

        #expect(avatar.format == .gif)
    }

    @Test func aTruncatedHeaderKeepsTheFormatWithoutASize() throws {
        let avatar = try AvatarMapper.map(data: Data(ImageBytes.png(width: 64, height: 64).prefix(18)), response: png)

        #expect(avatar.format == .png)
        #expect(avatar.width == nil && avatar.height == nil)
    }

    @Test(arguments: ["<svg xmlns='http://www.w3.org/2000/svg'/>", "<html>not an image</html>", "x"])
    func unknownBytesAreAnUnknownFormat(body: String) throws {
        let avatar = try AvatarMapper.map(data: Data(body.utf8), response: HTTPResponse(statusCode: 200))

        #expect(avatar.format == .unknown)
        #expect(avatar.width == nil)
    }

    @Test func anEmptyBodyIsAnError() {
        #expect(throws: AvatarMapper.Error.emptyBody) {
            try AvatarMapper.map(data: Data(), response: png)
        }
    }

    @Test(arguments: [304, 403, 404, 500])
    func aStatusOutside2xxIsAnError(status: Int) throws {
        #expect(throws: AvatarMapper.Error.unexpectedStatus(status)) {
            try AvatarMapper.map(data: Data("no such avatar".utf8), response: HTTPResponse(statusCode: status))
        }
    }

    @Test func errorsReadWell() {
        #expect(
            AvatarMapper.Error.unexpectedStatus(404).localizedDescription == "The image server answered with HTTP 404.")
        #expect(AvatarMapper.Error.emptyBody.localizedDescription == "The image server sent an empty image.")
    }

    private let png = HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"])
}

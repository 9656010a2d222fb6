import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientDecorators
import HTTPClientTestSupport
import Testing

/// `.validatingContentType()` over `URLSessionClient`: a PNG avatar against what the request accepts.
@Suite(.timeLimit(.minutes(1)))
struct ContentTypeEndToEndTests {
    @Test func aPNGAnsweringAJSONRequestIsATypedError() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().validatingContentType()

            await #expect(
                throws: ContentTypeValidationError.unacceptableContentType(
                    received: "image/png", accepted: "application/json")
            ) {
                try await sut.load(request: avatar(accept: "application/json"))
            }
        }
    }

    @Test func aPNGAnsweringAnImageRequestPasses() async throws {
        try await DevServer.run { server in
            let sut = try server.transport().validatingContentType()

            let (data, response) = try await sut.load(request: avatar(accept: "image/*"))

            #expect(response.statusCode == 200)
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    private func avatar(accept: String) -> TestRequest {
        TestRequest(path: "cdn/avatars/zoe-laurent.png", version: "", headers: ["Accept": accept])
    }
}

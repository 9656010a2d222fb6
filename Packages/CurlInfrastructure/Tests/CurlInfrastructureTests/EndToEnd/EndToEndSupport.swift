import CurlInfrastructure
import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

extension CurlClient {
    /// Makes a client for the dev server's base URL, by default with a request timeout long enough for a
    /// loaded machine.
    static func forDevServer(requestTimeout: TimeInterval = 120) -> (URL) throws -> CurlClient {
        { try CurlClient(baseURL: $0, requestTimeout: requestTimeout) }
    }

    /// Sends `request` to an `/echo` route and decodes the description.
    func echo(_ request: TestRequest) async throws -> DevServerEcho {
        let (data, response) = try await load(request: request)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(DevServerEcho.self, from: data)
    }

    /// The dev server's admin routes, through this client.
    var admin: DevServerAdmin { DevServerAdmin(client: self) }
}

extension DevServer {
    /// A client of its own for this server's admin routes.
    func admin() throws -> DevServerAdmin {
        try CurlClient(baseURL: baseURL).admin
    }
}

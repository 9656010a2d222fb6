import Foundation
import HTTPClient
import Synchronization

/// One client chain per origin, built on first use and shared afterwards, so requests to the same image
/// host share a session and the chain's de-duplication.
final class ClientsByOrigin: Sendable {
    private let clients = Mutex<[URL: any HTTPClient]>([:])
    private let makeClient: @Sendable (URL) throws -> any HTTPClient

    init(makeClient: @escaping @Sendable (URL) throws -> any HTTPClient) {
        self.makeClient = makeClient
    }

    func client(for origin: URL) throws -> any HTTPClient {
        try clients.withLock { clients in
            if let client = clients[origin] { return client }
            let client = try makeClient(origin)
            clients[origin] = client
            return client
        }
    }
}

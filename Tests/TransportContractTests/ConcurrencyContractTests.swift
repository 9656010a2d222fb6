import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing

/// Many loads in flight on one client.
@Suite("Contract: concurrent loads")
struct ConcurrencyContractTests {
    @Test("200 concurrent loads all complete with their own responses", arguments: Transport.allCases)
    func concurrentLoads(transport: Transport) async throws {
        try await withClient(transport) { _, client in
            let paths = try await withThrowingTaskGroup(of: (Int, String, [[String]]).self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let echo = try await client.echo(devRequest(.get, "echo/\(index)", query: ["i": "\(index)"]))
                        return (index, echo.path, echo.queryItems)
                    }
                }
                return try await group.reduce(into: [Int: (String, [[String]])]()) { $0[$1.0] = ($1.1, $1.2) }
            }

            #expect(paths.count == 200)
            #expect(paths.allSatisfy { $0.value.0 == "/echo/\($0.key)" && $0.value.1 == [["i", "\($0.key)"]] })
        }
    }

}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import TokenFeatureAPI

@Suite struct TokenMapperFuzzTests {
    @Test func damagedBodiesYieldATokenOrATypedError() {
        let payload = Array("initial-token-Jörg-✓-🔑\r\n".utf8)
        var tokens = 0
        var failures = 0

        for (index, mutant) in Mutations.of(payload, count: 5_000, seed: 0x70_6B_65_6E).enumerated() {
            let status = index.isMultiple(of: 10) ? 401 : 200
            do {
                let token = try TokenMapper.map(data: Data(mutant), response: HTTPResponse(statusCode: status))
                #expect(!token.isEmpty && !token.contains("\u{FFFD}"))
                tokens += 1
            } catch is TokenMapper.Error {
                failures += 1
            } catch {
                Issue.record("untyped error \(error) for \(mutant)")
            }
        }

        #expect(tokens > 0 && failures > 0)
    }
}

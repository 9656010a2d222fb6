import Foundation
import HTTPClient
import HTTPClientSupport
import HTTPClientTestSupport
import Testing

struct HTTPRedirectObserverTests {
    @Test func handsTheHopToTheHandlerAndReturnsItsFields() throws {
        let heard = RecordedValues<HTTPRedirectHop>()
        let sut = HTTPRedirectObserver { hop in
            heard.append(hop)
            return ["traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"]
        }
        let hop = try makeHop()

        let fields = sut.fields(after: hop)

        #expect(heard.values == [hop])
        #expect(fields["traceparent"] == "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
    }

    @Test func neverGivesCredentialFields() throws {
        let sut = HTTPRedirectObserver { _ in
            ["authorization": "Bearer t0k3n", "Cookie": "a=b", "Proxy-Authorization": "Basic x", "X-Kept": "1"]
        }

        let fields = sut.fields(after: try makeHop())

        #expect(fields == ["X-Kept": "1"])
    }

    private func makeHop() throws -> HTTPRedirectHop {
        HTTPRedirectHop(
            method: "POST", url: try #require(URL(string: "http://a/one")), statusCode: 303, metrics: nil,
            nextMethod: "GET", nextURL: try #require(URL(string: "http://a/two")))
    }
}

import Foundation
import HTTPClient

/// Runs `client`'s load, then keeps the thread busy for `work` before returning: a stand-in for any layer that
/// adds that much of its own CPU time to each request, without its code or data.
///
/// Over loopback, side by side with the same chain without it, it shows what a fixed amount of client-side work
/// costs a sequential request once thread wake-ups are counted, apart from what a particular layer does.
struct BusyWorkClient: HTTPClient {
    let client: any HTTPClient
    let work: Duration

    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let answer = try await client.load(request: request)
        let clock = ContinuousClock()
        let until = clock.now + work
        while clock.now < until {}
        return answer
    }
}

import Foundation
import HTTPClient

/// Records every request that passes through it, with its response or error, into a ``HARRecorder``.
///
/// Each request is one entry, failed ones too (status 0 with the error in `_error`); the response or
/// error is passed on unchanged. A streamed body is recorded as its reader reads it (see
/// `stream(request:body:progress:receive:)`).
struct RecordingHTTPClient: HTTPClient {
    let client: any HTTPClient
    let recorder: HARRecorder
    let baseURL: URL
    let redactsBodies: Bool

    @discardableResult
    func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let sequence = recorder.begin()
        let started = Date()
        let start = ContinuousClock.now
        let outcome: RecordedExchange.Outcome
        let result: Result<(Data, HTTPResponse), any Error>
        do {
            let (data, response) = try await client.load(request: request)
            outcome = .response(RecordedBody(whole: data), response)
            result = .success((data, response))
        } catch {
            outcome = .failure(HARTransportFailure(error), message: String(describing: error))
            result = .failure(error)
        }
        recorder.finish(
            RecordedExchange(
                sequence: sequence, request: request, baseURL: baseURL, started: started,
                duration: ContinuousClock.now - start, outcome: outcome, redactsBodies: redactsBodies))
        return try result.get()
    }
}

extension HTTPClient {
    /// Records every request through this client, with its response or error, into `recorder`.
    ///
    /// Place it right around the transport, so each attempt is recorded as sent (after headers and tokens
    /// were added, before retry decides again) and an archive replays through the same chain.
    /// - Parameters:
    ///   - recorder: Collects the entries; share one between chains to get one archive.
    ///   - baseURL: The base URL this client's requests are relative to, for the entries' absolute URLs
    ///     (formed as `HTTPURLBuilder` forms them, so they are the URLs the transport sends).
    public func recording(to recorder: HARRecorder, baseURL: URL) -> any HTTPClient {
        recording(to: recorder, baseURL: baseURL, redactingBodies: false)
    }

    /// Records like ``recording(to:baseURL:)``; with `redactingBodies`, every request and response body is left
    /// out, with a `comment` saying so (for APIs whose bodies are themselves secrets, such as a token store).
    public func recording(to recorder: HARRecorder, baseURL: URL, redactingBodies: Bool) -> any HTTPClient {
        RecordingHTTPClient(client: self, recorder: recorder, baseURL: baseURL, redactsBodies: redactingBodies)
    }
}

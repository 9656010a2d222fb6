import DevServerSupport
import Foundation
import HTTPClient
import HTTPClientTestSupport
import Testing
import URLSessionInfrastructure

/// The error a throwing call ended with, as an `HTTPTransportError`.
func transportError(of operation: () async throws -> Void) async -> HTTPTransportError? {
    do {
        try await operation()
        Issue.record("expected an HTTPTransportError, but the call succeeded")
        return nil
    } catch let error as HTTPTransportError {
        return error
    } catch {
        Issue.record("expected an HTTPTransportError, got \(error)")
        return nil
    }
}

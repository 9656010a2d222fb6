import Foundation
import HTTPClient
import HTTPClientSupport

/// Logs every request with its response (or error) as one human-readable entry, with secrets redacted.
///
/// Each entry holds the request (method, path, version, headers, query sorted by name, body with JSON
/// pretty-printed), then the response (status, headers, body) or the error, and how long it took. It is
/// handed to the sink in one call, so entries of concurrent requests never interleave; a failed load is
/// logged too, then rethrown.
///
/// Redaction: values of headers, query items, JSON object keys and form fields whose name is in
/// ``defaultRedactedNames`` or the caller's extra names (case-insensitive) print as `<redacted>`.
/// Other body text is logged as is: a plain-text token body is not recognised as secret. A URL in an error
/// message or a header value (`Location`) prints with its user name, password and the values of
/// `RedactedURL.sensitiveQueryParameters` as `[redacted]` (through `RedactedURL`).
/// Bodies longer than `maxBodyBytes` are cut with a note; binary bodies print as their size.
///
/// A stream is logged when it ends, with its bodies captured as they are read, never read by the log; see
/// ``stream(request:body:progress:receive:)``.
public struct LoggingHTTPClient: HTTPClient {
    /// Names whose values never reach the log: credentials in headers, cookies, the usual OAuth fields, and the
    /// signatures and credentials of presigned URLs (AWS `X-Amz-Signature`, `X-Amz-Security-Token`,
    /// `X-Amz-Credential`, `Signature`, `AWSAccessKeyId`; Google Cloud Storage `X-Goog-Signature`,
    /// `X-Goog-Credential`; Azure `sig`).
    public static let defaultRedactedNames: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie",
        "access_token", "refresh_token", "id_token", "client_secret", "password",
        "X-Amz-Signature", "X-Amz-Security-Token", "X-Amz-Credential", "Signature", "AWSAccessKeyId",
        "X-Goog-Signature", "X-Goog-Credential", "sig",
    ]

    let client: any HTTPClient
    private let format: LogFormat
    private let time: ClockTime
    private let log: @Sendable (String) -> Void

    /// Wraps `client`.
    /// - Parameters:
    ///   - client: The client whose traffic is logged.
    ///   - additionalRedactedNames: Header, query, JSON-key or form-field names to redact on top of
    ///     ``defaultRedactedNames`` (which cannot be turned off).
    ///   - maxBodyBytes: How much of each body is logged; `0` logs only body sizes.
    ///   - clock: The clock that measures each exchange.
    ///   - log: Receives one complete entry per request; defaults to standard error.
    public init(
        client: any HTTPClient,
        redacting additionalRedactedNames: Set<String> = [],
        maxBodyBytes: Int = 4_096,
        clock: any Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void = LoggingHTTPClient.writeToStandardError
    ) {
        self.client = client
        format = LogFormat(
            redactedNames: Self.defaultRedactedNames.union(additionalRedactedNames), maxBodyBytes: maxBodyBytes)
        time = ClockTime(clock)
        self.log = log
    }

    @discardableResult
    public func load(request: any HTTPRequest) async throws -> (Data, HTTPResponse) {
        let start = time.now()
        do {
            let (data, response) = try await client.load(request: request)
            log(format.entry(for: request, response: response, data: data, elapsed: time.now() - start))
            return (data, response)
        } catch {
            log(format.entry(for: request, error: error, elapsed: time.now() - start))
            throw error
        }
    }

    /// Streams through the wrapped client and logs one entry once the stream has ended: the request, the
    /// response head, the bytes sent and received, the duration, at most `maxBodyBytes` of each body, and how
    /// it ended (a failure before or after the head, or a caller that stopped reading early).
    ///
    /// Never reads a body on its own: a single-pass body is observed as its one reader reads it (the client
    /// for the request body, `receive` for the response body), so the log holds what they read. A replayable
    /// body is passed on untouched and its first bytes are read apart.
    public func stream<Result: Sendable>(
        request: any HTTPRequest,
        body: HTTPBody?,
        progress: (@Sendable (HTTPTransferProgress) -> Void)?,
        receive: @Sendable (HTTPResponse, HTTPBody) async throws -> Result
    ) async throws -> Result {
        let start = time.now()
        let record = StreamLogRecord(limit: format.maxBodyBytes)
        let observe: @Sendable (HTTPTransferProgress) -> Void = { report in
            record.record(report)
            progress?(report)
        }
        do {
            let sent = try await record.sending(body)
            let result = try await client.stream(request: request, body: sent, progress: observe) {
                [time] response, responseBody in
                let observed = try await record.receiving(response, responseBody, after: time.now() - start)
                return try await receive(response, observed)
            }
            log(format.entry(for: request, stream: record.snapshot, error: nil, elapsed: time.now() - start))
            return result
        } catch {
            log(format.entry(for: request, stream: record.snapshot, error: error, elapsed: time.now() - start))
            throw error
        }
    }

    /// Writes `entry` and a newline to standard error (never standard output), one entry at a time.
    public static func writeToStandardError(_ entry: String) {
        standardErrorLock.withLock { _ in
            try? FileHandle.standardError.write(contentsOf: Data((entry + "\n").utf8))
        }
    }

    private static let standardErrorLock = LockedValue(())
}

extension HTTPClient {
    /// Logs every request and its response or error to standard error, with secrets redacted.
    public func loggingRequestAndResponse() -> any HTTPClient {
        LoggingHTTPClient(client: self)
    }

    /// Logs every request and its response or error, one complete entry per call, with secrets redacted; see
    /// ``LoggingHTTPClient``.
    /// - Parameters:
    ///   - names: Header, query, JSON-key or form-field names to redact on top of
    ///     ``LoggingHTTPClient/defaultRedactedNames`` (case-insensitive).
    ///   - maxBodyBytes: How much of each body is logged; `0` logs only body sizes.
    ///   - clock: The clock that measures each exchange.
    ///   - log: Receives each entry; standard error by default.
    public func loggingRequestAndResponse(
        redacting names: Set<String> = [],
        maxBodyBytes: Int = 4_096,
        clock: any Clock<Duration> = ContinuousClock(),
        to log: @escaping @Sendable (String) -> Void = LoggingHTTPClient.writeToStandardError
    ) -> any HTTPClient {
        LoggingHTTPClient(client: self, redacting: names, maxBodyBytes: maxBodyBytes, clock: clock, log: log)
    }
}

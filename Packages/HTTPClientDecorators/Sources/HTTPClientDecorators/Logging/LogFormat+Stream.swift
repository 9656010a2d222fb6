import Foundation
import HTTPClient

extension LogFormat {
    /// The entry for a stream: the request with what was sent of its streamed body, the response head with
    /// what the caller read of its body (and whether it read to the end), then the failure or the duration.
    func entry(
        for request: any HTTPRequest, stream record: StreamLogRecord.Snapshot, error: (any Error)?, elapsed: Duration
    ) -> String {
        var lines = describe(request, includingBody: record.requestBody == nil)
        if let capture = record.requestBody {
            lines += [
                "Body (streamed, \(record.bytesSent) bytes sent):",
                body(capture, length: record.requestLength),
            ]
        }
        if let response = record.response {
            let head = record.headElapsed.map { "head after \(Self.milliseconds($0))" } ?? "head"
            let timing = error == nil ? "\(head), done after \(Self.milliseconds(elapsed))" : head
            lines += [
                "",
                "Incoming Network Response ⬇️ (\(timing)):",
                "------------------------------------------",
                "StatusCode: \(response.statusCode)",
            ]
            lines += describe(response.headers)
            if let capture = record.responseBody {
                lines += [
                    "Body (streamed, \(received(capture, length: record.responseLength))):",
                    body(capture, length: record.responseLength),
                ]
            }
        }
        if let error { lines += describe(error, elapsed: elapsed) }
        return lines.joined(separator: "\n")
    }

    private func received(_ capture: BodyCapture, length: HTTPBodyLength?) -> String {
        let count = "\(capture.count) bytes received"
        if capture.isComplete(length: length) { return count }
        if case .failed = capture.ending { return count + ", then reading failed" }
        return count + ", reading stopped before the end"
    }

    private func body(_ capture: BodyCapture, length: HTTPBodyLength?) -> String {
        LogBody.describe(
            prefix: capture.prefix, count: capture.count, isComplete: capture.isComplete(length: length),
            limit: maxBodyBytes, isSecret: isSecret)
    }
}

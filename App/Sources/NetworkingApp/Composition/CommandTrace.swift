import CommandLineKit
import Foundation
import HTTPTelemetry

/// `--trace FILE`: one root INTERNAL span per command, a CLIENT span per request attempt under it, and the
/// request-duration histogram, appended to FILE as OTLP/JSON Lines when the command ends.
///
/// The root span is a child of the `TRACEPARENT` (and `TRACESTATE`) context in the environment, the
/// OpenTelemetry environment carrier, when it holds a valid one; otherwise it starts a new trace. The file is
/// created with mode 0600 when missing and never written through a symbolic link.
struct CommandTrace {
    /// Where the chains' spans go, when `--trace` was given.
    let collector: TelemetryCollector?
    /// The root span's context: the parent of every request span.
    let root: TraceContext
    private let parentSpanID: SpanID?
    private let startTime: Date

    /// Prepares the trace of one command; nothing is traced without `path`.
    init(path: String?, environment: [String: String]) {
        let parent = environment["TRACEPARENT"].flatMap {
            TraceContext(traceparent: $0, tracestate: environment["TRACESTATE"])
        }
        root = parent?.child() ?? .newTrace()
        parentSpanID = parent?.spanID
        let resource = TelemetryResource(
            serviceName: "networking", attributes: ["service.version": .string(NetworkingVersion.current)])
        let collector = path.map {
            TelemetryCollector(exporter: JSONLinesExporter(url: URL(fileURLWithPath: $0), resource: resource))
        }
        self.collector = collector
        startTime = collector?.now() ?? Date()
    }

    /// Runs `body` under the root span when tracing.
    func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        guard collector != nil else { return try await body() }
        return try await TraceContext.$current.withValue(root) { try await body() }
    }

    /// Ends the root span with the command's exit `status` and writes the trace; a file that cannot be written
    /// is one line on standard error and leaves the exit status as it is.
    func finish(_ status: ExitStatus, command: Command, console: Console) async {
        guard let collector else { return }
        let root = FinishedSpan(
            name: Self.spanName(of: command), kind: .internal, context: root, parentSpanID: parentSpanID,
            startTime: startTime, endTime: collector.now(),
            attributes: ["process.exit.code": .int(Int64(status.rawValue))],
            status: status == .success ? .unset : .error(description: "exit status \(status.rawValue)"))
        collector.record(root)
        do {
            try await collector.flush()
        } catch {
            console.writeError(Report.line("Could not write the trace (--trace)", error))
        }
    }

    /// `networking` and the command's words, such as `networking files download`.
    static func spanName(of command: Command) -> String {
        let words =
            switch command {
            case .help: "help"
            case .version: "--version"
            case .completionScript: "completion"
            case .questions: "questions"
            case .question: "question"
            case .token: "token"
            case .updateToken: "token update"
            case .cache: "cache"
            case .files: "files"
            case .downloadFile: "files download"
            case .uploadFiles: "files upload"
            }
        return "networking \(words)"
    }
}

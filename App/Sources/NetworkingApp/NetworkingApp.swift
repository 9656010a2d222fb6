import CommandLineKit
import Foundation
import HTTPClientDecorators
import NetworkingComposition
import QuestionsFeature

/// The `networking` command line tool: parses the command line, composes the features, runs one command.
public enum NetworkingApp {
    /// Runs the tool and returns its exit status (see `networking --help`).
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The process environment (`NETWORKING_*` variables).
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        await run(arguments: arguments, environment: environment, streams: StandardStreams())
    }

    /// Runs the tool as the process: writes through `streams` (a failed write is an exit status, never a
    /// crash; a closed pipe is not an error to report), lets `SIGINT` and `SIGTERM` cancel the work (exit 130 or
    /// 143, after `--record` wrote what it has), and returns the exit status.
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The process environment (`NETWORKING_*` variables).
    ///   - streams: The standard streams, taken stock of before anything else opened a file.
    public static func run(arguments: [String], environment: [String: String], streams: StandardStreams) async
        -> Int32
    {
        signal(SIGPIPE, SIG_IGN)
        let interruption = Interruption()
        let console = streams.console
        let status = await interruption.run {
            await run(arguments: arguments, environment: environment, console: console).rawValue
        }
        interruption.stop()
        return interruption.exitStatus ?? streams.exitStatus(after: status, toolName: CommandTable.tool.name)
    }

    static func run(
        arguments: [String], environment: [String: String], console: Console, now: Date = Date()
    ) async -> ExitStatus {
        let invocation: Invocation
        let settings: Settings
        do {
            invocation = try CommandTable.parse(arguments)
            settings = try Settings.resolve(invocation, environment: environment)
        } catch {
            console.writeError("networking: \(error.description)\n\n\(Usage.text(for: error.command))\n")
            return .usage
        }
        let archive: TrafficArchive
        do {
            archive = try TrafficArchive(recordPath: invocation.recordPath, replayPath: invocation.replayPath)
        } catch {
            console.writeError("networking: \(FailureClassifier.oneLine(error.description))\n")
            return .usage
        }
        if invocation.cacheMode != .normal, archive.replay != nil {
            console.writeError("networking: --replay answers from the archive alone; drop --no-cache and --offline\n")
            return .usage
        }
        let log: (@Sendable (String) -> Void)? =
            invocation.verbose ? { @Sendable entry in console.writeError(entry + "\n") } : nil
        let cache: ResponseCache?
        do {
            cache = try CacheSetup.cache(
                for: invocation, settings: settings, archive: archive, warn: console.writeError)
        } catch {
            return await archive.finish(
                Report.failure(OfflineWithoutCache(underlying: error), console: console), console: console)
        }
        let liveTransport = HostNamingHTTPClient.wrapping(
            HTTPClientFactory.transport(settings.transport, proxy: settings.proxy, tls: settings.tls))
        var factory = HTTPClientFactory(
            log: log, cache: cache, recorder: archive.recorder, makeTransport: archive.transport(liveTransport))
        if let template = invocation.writeOut {
            factory.makeTransport = template.writingOut(factory.makeTransport, write: console.writeRawError)
        }
        factory.inFlight = archive.inFlight
        factory.deadline = CommandDeadline.start(total: settings.timeout)
        let trace = CommandTrace(
            path: invocation.tracePath, metricsPath: invocation.traceMetricsPath, environment: environment,
            makeTransport: liveTransport)
        trace.warnings.forEach(console.writeError)
        factory.telemetry = trace.collector
        // A JSON document reaches standard output only once the whole run, `--record` file included, succeeded.
        let json = DeferredOutput.isNeeded(for: invocation.command) ? DeferredOutput(console) : nil
        let status: ExitStatus
        do {
            status = try await trace.run {
                try await run(
                    invocation.command, settings: settings, factory: factory,
                    console: json?.deferringConsole ?? console, now: now)
            }
        } catch {
            status = Report.failure("Could not start", error, console: console)
        }
        let finalStatus = await archive.finish(status, console: console)
        await trace.finish(finalStatus, commandPath: invocation.commandPath, console: console)
        json?.release(for: finalStatus)
        return finalStatus
    }

    private static func run(
        _ command: Command, settings: Settings, factory: HTTPClientFactory, console: Console, now: Date
    ) async throws -> ExitStatus {
        switch command {
        case .help(let command):
            console.writeOutput(Usage.text(for: command) + "\n")
            return .success
        case .version:
            console.writeOutput(NetworkingVersion.current + "\n")
            return .success
        case .completionScript(let shell):
            console.writeDocument(CommandTable.tool.completionScript(for: shell))
            return .success
        case .questions(let options):
            let composer = try QuestionsFeatureComposer(
                settings: settings, factory: factory, answered: CachedAnswerNote.writing(to: console.writeError))
            return await QuestionsCommand(composer: composer, console: console, now: now).run(options)
        case .question(let options):
            let composer = try QuestionsFeatureComposer(
                settings: settings, factory: factory, site: options.site ?? QuestionsQuery().site,
                answered: CachedAnswerNote.writing(to: console.writeError))
            return await QuestionCommand(composer: composer, console: console, now: now).run(options)
        case .token:
            return await TokenCommand(
                composer: try TokenFeatureComposer(settings: settings, factory: factory), console: console
            )
            .show()
        case .files(let json):
            return try await filesCommand(settings: settings, factory: factory, console: console).list(json: json)
        case .downloadFile(let name, let output):
            return try await filesCommand(settings: settings, factory: factory, console: console)
                .download(name: name, output: output)
        case .uploadFiles(let options):
            let command = try filesCommand(settings: settings, factory: factory, console: console)
            return options.cancel
                ? await command.cancelUploads(options.paths, using: options.uploadProtocol)
                : await command.upload(options.paths, using: options.uploadProtocol)
        case .cache(let action):
            return CacheCommand(location: settings.cacheLocation, console: console).run(action)
        case .updateToken(let source):
            return await TokenCommand(
                composer: try TokenFeatureComposer(settings: settings, factory: factory), console: console
            )
            .update(source)
        }
    }

    private static func filesCommand(settings: Settings, factory: HTTPClientFactory, console: Console) throws
        -> FilesCommand
    {
        FilesCommand(actions: try FilesFeatureComposer(settings: settings, factory: factory).actions, console: console)
    }
}

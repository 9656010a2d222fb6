import Foundation
import HTTPClientDecorators
import QuestionsFeature

/// The `networking` command line tool: parses the command line, composes the features, runs one command.
public enum NetworkingApp {
    /// Runs the tool and returns its exit status (see `networking --help`).
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The process environment (`NETWORKING_*` variables).
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        await run(arguments: arguments, environment: environment, console: .standard).rawValue
    }

    static func run(
        arguments: [String], environment: [String: String], console: Console, now: Date = Date()
    ) async -> ExitStatus {
        let invocation: Invocation
        let settings: Settings
        do {
            invocation = try CommandLineParser.parse(arguments)
            settings = try Settings.resolve(invocation, environment: environment)
        } catch {
            console.writeError("networking: \(error.description)\n\n\(Usage.text(for: error.topic))\n")
            return .usage
        }
        let archive: TrafficArchive
        do {
            archive = try TrafficArchive(invocation)
        } catch {
            console.writeError("networking: \(FailureClassifier.oneLine(error.description))\n")
            return .usage
        }
        if invocation.cacheMode != .normal, archive.replay != nil {
            console.writeError("networking: --replay answers from the archive alone; drop --no-cache and --offline\n")
            return .usage
        }
        let log: (@Sendable (String) -> Void)? = invocation.verbose ? LoggingHTTPClient.writeToStandardError : nil
        let cache: ResponseCache?
        do {
            cache = try CacheSetup.cache(
                for: invocation, settings: settings, archive: archive, warn: console.writeError)
        } catch {
            return archive.finish(
                Report.failure(OfflineWithoutCache(underlying: error), console: console), console: console)
        }
        var factory = HTTPClientFactory(log: log, cache: cache, recorder: archive.recorder)
        factory.makeTransport = archive.transport(factory.makeTransport)
        // A JSON document reaches standard output only once the whole run, `--record` file included, succeeded.
        let json = DeferredOutput.isNeeded(for: invocation.command) ? DeferredOutput(console) : nil
        let status: ExitStatus
        do {
            status = try await run(
                invocation.command, settings: settings, factory: factory, console: json?.deferringConsole ?? console,
                now: now)
        } catch {
            status = Report.failure("Could not start", error, console: console)
        }
        let finalStatus = archive.finish(status, console: console)
        json?.release(for: finalStatus)
        return finalStatus
    }

    private static func run(
        _ command: Command, settings: Settings, factory: HTTPClientFactory, console: Console, now: Date
    ) async throws -> ExitStatus {
        switch command {
        case .help(let topic):
            console.writeOutput(Usage.text(for: topic) + "\n")
            return .success
        case .version:
            console.writeOutput(NetworkingVersion.current + "\n")
            return .success
        case .completionScript(let shell):
            console.writeOutput(CompletionScript.text(for: shell))
            return .success
        case .questions(let options):
            let composer = try QuestionsFeatureComposer(settings: settings, factory: factory, note: console.writeError)
            return await QuestionsCommand(composer: composer, console: console, now: now).run(options)
        case .question(let options):
            let composer = try QuestionsFeatureComposer(
                settings: settings, factory: factory, site: options.site ?? QuestionsQuery().site,
                note: console.writeError)
            return await QuestionCommand(composer: composer, console: console, now: now).run(options)
        case .token:
            return await TokenCommand(
                composer: try TokenFeatureComposer(settings: settings, factory: factory), console: console
            )
            .show()
        case .cache(let action):
            return CacheCommand(location: settings.cacheLocation, console: console).run(action)
        case .updateToken(let source):
            return await TokenCommand(
                composer: try TokenFeatureComposer(settings: settings, factory: factory), console: console
            )
            .update(source)
        }
    }
}

import Foundation
import Testing

/// Help and usage errors: no server needed.
@Suite(.timeLimit(.minutes(1)))
struct HelpAndUsageCLITests {
    @Test(arguments: [["--help"], ["help"]])
    func helpPrintsTheUsageOnStandardOutput(arguments: [String]) async throws {
        let outcome = try await NetworkingBinary.run(arguments)

        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("usage: networking COMMAND [OPTIONS]"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test(arguments: [
        ("questions", "usage: networking questions"), ("question", "usage: networking question ID"),
        ("token", "usage: networking token"), ("files", "usage: networking files"),
        ("cache", "usage: networking cache info"),
    ])
    func commandHelpPrintsThatCommandsUsage(command: String, usage: String) async throws {
        let outcome = try await NetworkingBinary.run([command, "--help"])

        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix(usage))
        #expect(outcome.stdout.contains("\ncommon options:\n  --base-url URL"))
        #expect(outcome.stdout.contains("\n  --timeout SECONDS "))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func helpForACommandListsItsSubcommandsAndSoDoCompletionScripts() async throws {
        let help = try await NetworkingBinary.run(["help", "files"])
        let bash = try await NetworkingBinary.run(["--generate-completion-script", "bash"])

        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("\nsubcommands:\n  download NAME "))
        #expect(help.stdout.contains("\n  upload FILE... "))
        let discussion = help.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(discussion.contains("--timeout does not bound a download's or an upload's transfer"))
        #expect(bash.status == 0, "\(bash)")
        #expect(bash.stdout.contains("'files download') words='--output "))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["questions", "--colour", "red"], "unknown option '--colour' for 'questions'"),
        (["questions", "--page-size", "500"], "--page-size must be a whole number from 1 to 100, not '500'"),
        (
            ["questions", "--sort", "random"],
            "--sort must be one of activity, votes, creation, hot, week, month, not 'random'"
        ),
        (["question", "12x"], "question ID must be a positive number, not '12x'"),
        (["files", "upload"], "missing the FILE to upload"), (["cache", "empty"], "unknown cache subcommand 'empty'"),
        (["--base-url", "ftp://example.com", "questions"], "--base-url must be an http or https URL with a host"),
        (["token", "--base-url", "localhost:3000"], "--base-url must be an http or https URL with a host"),
    ])
    func usageErrorsExit64WithTheUsageOnStandardErrorOnly(arguments: [String], message: String) async throws {
        let outcome = try await NetworkingBinary.run(arguments)

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("networking: \(message)"))
        #expect(outcome.stderr.contains("usage: networking"))
    }

    @Test func aBadURLInTheEnvironmentExits64() async throws {
        let outcome = try await NetworkingBinary.run(["questions"], environment: ["NETWORKING_QUESTIONS_URL": "nope"])

        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("networking: NETWORKING_QUESTIONS_URL must be an http or https URL"))
    }
}

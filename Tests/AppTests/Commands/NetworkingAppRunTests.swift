import CommandLineKit
import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `NetworkingApp.run` for what needs no network: help and usage errors.
struct NetworkingAppRunTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func generalHelpGoesToStandardOutput(arguments: [String]) async {
        let console = CapturingConsole()

        let status = await run(arguments, console)

        #expect(status == .success)
        #expect(console.stdout == Usage.general + "\n")
        #expect(console.stderr.isEmpty)
    }

    @Test(arguments: [
        (["questions", "--help"], "questions"), (["question", "-h"], "question"), (["token", "--help"], "token"),
        (["help", "token"], "token"),
    ])
    func commandHelpGoesToStandardOutput(arguments: [String], command: String?) async {
        let console = CapturingConsole()

        let status = await run(arguments, console)

        #expect(status == .success)
        #expect(console.stdout == Usage.text(for: command) + "\n")
        #expect(console.stderr.isEmpty)
    }

    @Test func aCommandsHelpListsItsSubcommandsWithTheirArguments() async {
        let console = CapturingConsole()

        let status = await run(["help", "files"], console)

        #expect(status == .success)
        #expect(console.stdout.hasPrefix("usage: networking files [--json]\n"))
        #expect(console.stdout.contains("\n       networking files download NAME [--output PATH]\n"))
        #expect(console.stdout.contains("\nsubcommands:\n  download NAME         download a file"))
        #expect(
            console.stdout.contains(
                "\n  upload FILE...        upload files, each under its own name (a rerun after an interruption continues)\n"
            ))
        #expect(
            console.stdout.contains(
                "\n       networking files upload FILE... [--protocol draft|tus|multipart] [--cancel]\n"))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'", String?.none),
        (["questions", "--colour"], "unknown option '--colour' for 'questions'", "questions"),
        (["questions", "--page-size", "0"], "--page-size must be a whole number from 1 to 100, not '0'", "questions"),
        (["question"], "missing question ID", "question"),
        (["question", "abc"], "question ID must be a positive number, not 'abc'", "question"),
        (["token", "update"], "missing NEW_TOKEN (or '-' to read it from standard input)", "token"),
        (["files", "upload"], "missing the FILE to upload", "files"),
        (["files", "--output", "a", "upload", "b"], "--output is only for files download", "files"),
        (["files", "download", "a", "--json"], "--json is only for files, not files download", "files"),
        (["cache", "empty"], "unknown cache subcommand 'empty' (info or clear)", "cache"),
        (
            ["--base-url", "ftp://example.com", "token"], "--base-url must be an http or https URL with a host",
            nil
        ),
    ])
    func usageErrorsExit64WithTheUsageOnStandardError(arguments: [String], message: String, command: String?) async {
        let console = CapturingConsole()

        let status = await run(arguments, console)

        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr.hasPrefix("networking: \(message)"))
        #expect(console.stderr.hasSuffix(Usage.text(for: command) + "\n"))
    }

    @Test(arguments: ["NETWORKING_QUESTIONS_URL", "NETWORKING_TOKEN_URL"])
    func aBadURLInTheEnvironmentExits64(variable: String) async {
        let console = CapturingConsole()

        let status = await run(["token"], console, environment: [variable: "not a url"])

        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(
            console.stderr.hasPrefix(
                "networking: \(variable) must be an http or https URL with a host, not 'not a url'"))
    }

    @Test func anEmptyTokenOnStandardInputExits64() async {
        let console = CapturingConsole(input: Data("\n".utf8))

        let status = await run(["token", "update", "-"], console)

        #expect(status == .usage)
        #expect(console.stdout.isEmpty)
        #expect(console.stderr == "networking: the new token on standard input is empty\n")
    }

    private func run(_ arguments: [String], _ console: CapturingConsole, environment: [String: String] = [:]) async
        -> AppExitStatus
    {
        await NetworkingApp.run(arguments: arguments, environment: environment, console: console.console)
    }
}

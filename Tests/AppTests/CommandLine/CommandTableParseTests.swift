import CommandLineKit
import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

struct CommandTableParseTests {
    @Test func parsesQuestionsWithEveryOptionInBothSpellings() throws {
        let invocation = try parse(
            "questions", "--tagged", "swift", "--page-size=25", "--page", "3", "--sort=activity", "--json")

        #expect(
            invocation.command
                == .questions(QuestionsOptions(tagged: "swift", pageSize: 25, page: 3, sort: .activity, json: true)))
    }

    @Test func leavesUnsetQuestionsOptionsToTheFeatureDefaults() throws {
        #expect(try parse("questions").command == .questions(QuestionsOptions()))
    }

    @Test func parsesQuestionWithItsIDAndOptions() throws {
        let invocation = try parse("question", "--json", "79123456", "--save-avatar", "/tmp/a.png")

        #expect(invocation.command == .question(QuestionOptions(id: "79123456", json: true, saveAvatar: "/tmp/a.png")))
    }

    @Test func normalisesLeadingZerosInAQuestionID() throws {
        #expect(try parse("question", "007").command == .question(QuestionOptions(id: "7")))
    }

    @Test func parsesTokenCommands() throws {
        #expect(try parse("token").command == .token)
        #expect(try parse("token", "update", "abc").command == .updateToken(.argument("abc")))
        #expect(try parse("token", "update", "-").command == .updateToken(.standardInput))
    }

    @Test func parsesCommonOptionsAnywhere() throws {
        let invocation = try parse("token", "--verbose", "--base-url", "http://127.0.0.1:8080/api")

        #expect(invocation.verbose)
        #expect(invocation.baseURL?.absoluteString == "http://127.0.0.1:8080/api")
    }

    @Test func acceptsCommonOptionsBeforeTheCommand() throws {
        let invocation = try parse("--verbose", "--base-url=http://localhost:3000", "token")

        #expect(invocation.command == .token)
        #expect(invocation.verbose)
        #expect(invocation.baseURL?.absoluteString == "http://localhost:3000")
    }

    @Test func parsesRecordAndReplayBeforeOrAfterTheCommand() throws {
        let after = try parse("questions", "--json", "--record", "q.har", "--replay=old.har")
        let before = try parse("--record=q.har", "--replay", "old.har", "questions", "--json")

        #expect(after == before)
        #expect(after.recordPath == "q.har" && after.replayPath == "old.har")
    }

    @Test func showsHelpForTheToolAndForEachCommand() throws {
        #expect(try parse("--help").command == .help(nil))
        #expect(try parse("help", "question").command == .help("question"))
        #expect(try parse("questions", "--help").command == .help("questions"))
        #expect(try parse("token", "update", "-h").command == .help("token"))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["questions", "--colour"], "unknown option '--colour' for 'questions'"),
        (["question", "1", "--sort", "votes"], "unknown option '--sort' for 'question'"),
        (["questions", "--page-size", "0"], "--page-size must be a whole number from 1 to 100, not '0'"),
        (["questions", "--page-size", "101"], "--page-size must be a whole number from 1 to 100, not '101'"),
        (["questions", "--page", "two"], "--page must be a whole number from 1 to 2147483647, not 'two'"),
        (
            ["questions", "--sort", "hottest"],
            "--sort must be one of activity, votes, creation, hot, week, month, not 'hottest'"
        ),
        (["questions", "--tagged"], "--tagged needs a value"),
        (["questions", "--tagged", "--json"], "--tagged needs a value"),
        (["questions", "extra"], "unexpected argument 'extra'"),
        (["questions", "--record"], "--record needs a value"),
        (["token", "--replay="], "--replay needs a HAR file path"),
        (["question"], "missing question ID"),
        (["question", "12a"], "question ID must be a positive number, not '12a'"),
        (["question", "0"], "question ID must be a positive number, not '0'"),
        (["question", "-5"], "unknown option '-5' for 'question'"),
        (["question", "1", "2"], "unexpected argument '2'"),
        (["token", "update"], "missing NEW_TOKEN (or '-' to read it from standard input)"),
        (["token", "update", " "], "NEW_TOKEN must not be empty"),
        (["token", "delete"], "unknown token subcommand 'delete'"),
        (["token", "update", "a\nb"], "NEW_TOKEN must not hold a line break"),
        (["token", "update", "a\r"], "NEW_TOKEN must not hold a line break"),
        ([], "missing command"),
        (["--verbose"], "missing command"),
        (["questions", "--timeout", "0"], "--timeout must be a number of seconds above 0 and at most 86400, not '0'"),
        (["token", "--timeout", "-1"], "--timeout must be a number of seconds above 0 and at most 86400, not '-1'"),
        (["token", "--timeout=1e3"], "--timeout must be a number of seconds above 0 and at most 86400, not '1e3'"),
        (["token", "--timeout=inf"], "--timeout must be a number of seconds above 0 and at most 86400, not 'inf'"),
        (["token", "--timeout=."], "--timeout must be a number of seconds above 0 and at most 86400, not '.'"),
        (["token", "--timeout=90000"], "--timeout must be a number of seconds above 0 and at most 86400, not '90000'"),
        (
            ["token", "--base-url", "ftp://host"],
            "--base-url must be an http or https URL with a host, not 'ftp://host'"
        ),
        (["token", "--base-url", "not a url"], "--base-url must be an http or https URL with a host, not 'not a url'"),
    ])
    func rejectsBadCommandLinesNamingTheProblem(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try CommandTable.parse(arguments) }
        do {
            _ = try CommandTable.parse(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func parsesTheTimeoutInSecondsWithFractions() throws {
        #expect(try parse("questions", "--timeout", "2.5").timeout == .milliseconds(2500))
        #expect(try parse("--timeout=.5", "token").timeout == .milliseconds(500))
        #expect(try parse("token", "--timeout", "30").timeout == .seconds(30))
        #expect(try parse("token").timeout == nil)
    }

    private func parse(_ arguments: String...) throws -> Invocation {
        try CommandTable.parse(arguments)
    }
}

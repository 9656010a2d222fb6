import CommandLineKit
import Foundation
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// App/README.md's command list (its first code block) against the command tree: the same commands and
/// subcommands with the same arguments, and options that the commands take.
struct ReadmeCommandListTests {
    private let tool = CommandTable.tool

    @Test func theReadmeListsEveryCommandAndSubcommandOfTheTreeAndNoOther() throws {
        let listed = try Self.commandLines().map { Self.synopsis(of: $0) }
        let commands = tool.commands.flatMap(\.summary.tree).filter(\.command.runs).map { path, command in
            (path + command.arguments.map(\.synopsis)).joined(separator: " ")
        }
        let standalone = tool.standaloneOptions.map(\.spec.name)

        #expect(listed.sorted() == (commands + ["help COMMAND"] + standalone).sorted())
    }

    @Test func eachCommandsLineNamesOnlyOptionsThatCommandTakes() throws {
        for line in try Self.commandLines() {
            let path = Self.synopsis(of: line).split(separator: " ").map(String.init)
            guard let command = command(at: path) else { continue }
            let accepted = Set((command.options + tool.commonOptionSpecs).map(\.name))
            for option in Self.options(in: line) { #expect(accepted.contains(option), "\(line): \(option)") }
        }
    }

    @Test func theReadmeNamesEveryOptionAndItsCommonLineEveryCommonOne() throws {
        let block = try Self.commandBlock()
        let named = Set(Self.options(in: block))
        let options = tool.commands.flatMap(\.summary.tree).flatMap(\.command.options).map(\.name)
        for option in options { #expect(named.contains(option), "\(option)") }

        let common = try #require(block.split(separator: "\n").first { $0.hasPrefix("common:") })
        #expect(Set(Self.options(in: String(common))) == Set(tool.commonOptionSpecs.map(\.name)))
    }

    /// The command at `path` (names first, then arguments), if the tree has it.
    private func command(at path: [String]) -> CommandSummary? {
        guard let first = path.first, var command = tool.command(named: first)?.summary else { return nil }
        for name in path.dropFirst() {
            guard let next = command.subcommand(named: name) else { break }
            command = next
        }
        return command
    }

    /// The README's first code block.
    private static func commandBlock() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("App/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let parts = text.components(separatedBy: "```\n")
        try #require(parts.count > 2, "App/README.md has no code block")
        return parts[1]
    }

    /// The block's lines that start with `networking `, without it.
    private static func commandLines() throws -> [String] {
        try commandBlock().split(separator: "\n").filter { $0.hasPrefix("networking ") }
            .map { String($0.dropFirst("networking ".count)) }
    }

    /// The line's words up to its first option, bracket or comment: `files download NAME`; for a standalone
    /// option, the option alone: `--version`.
    private static func synopsis(of line: String) -> String {
        let words = line.split(separator: " ")
        if let first = words.first, first.hasPrefix("--") { return String(first) }
        return words.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("(") && !$0.hasPrefix("-") }.joined(separator: " ")
    }

    /// Every `--option` in `text`.
    private static func options(in text: String) -> [String] {
        // A dot belongs to an option's name (`--tlsv1.3`), not to the sentence around it.
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "." }).map(String.init)
            .map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }.filter { $0.hasPrefix("--") && $0.count > 2 }
    }
}

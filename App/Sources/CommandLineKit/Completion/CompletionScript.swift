import Foundation

extension CommandLineTool {
    /// The completion script for `shell`, generated from the table: commands and subcommands, each command's
    /// options and arguments, and option values (fixed words, file paths).
    ///
    /// Install with, for example, `source <(TOOL --generate-completion-script bash)` in `~/.bashrc`,
    /// `TOOL --generate-completion-script zsh > "${fpath[1]}/_TOOL"`, or
    /// `TOOL --generate-completion-script fish > ~/.config/fish/completions/TOOL.fish`.
    public func completionScript(for shell: Shell) -> String {
        let tool = CompletionScript(
            name: name, commonOptions: commonOptionSpecs, standaloneOptions: standaloneOptions.map(\.spec),
            commands: commands.map(\.summary))
        return switch shell {
        case .bash: BashCompletion(tool: tool).script
        case .zsh: ZshCompletion(tool: tool).script
        case .fish: FishCompletion(tool: tool).script
        }
    }
}

/// What the completion scripts are generated from: the table without its parsing.
struct CompletionScript {
    let name: String
    let commonOptions: [OptionSpec]
    let standaloneOptions: [OptionSpec]
    let commands: [CommandSummary]

    /// The shell function that completes the tool (`_networking`).
    var function: String {
        function(for: [])
    }

    /// The shell function that completes the command at `path` (`_networking_files_download`).
    func function(for path: [String]) -> String {
        "_" + String(([name] + path).joined(separator: "_").map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The names of the commands.
    var commandNames: [String] { commands.map(\.name) }

    /// Every command and subcommand, depth first, each with its names (`["files", "download"]`).
    var tree: [(path: [String], command: CommandSummary)] {
        commands.flatMap(\.tree)
    }

    /// Every spelling of `options`, long then short.
    static func spellings(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }

    /// Every option any command or the tool accepts, each spelling once.
    var allOptions: [OptionSpec] {
        var seen = Set<String>()
        let all = commonOptions + standaloneOptions + tree.flatMap(\.command.options)
        return all.filter { seen.insert($0.name).inserted }
    }

    /// `text` inside single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

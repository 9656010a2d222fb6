import Foundation

extension CommandLineTool {
    /// The completion script for `shell`, generated from the table: commands, each command's options and
    /// subcommands, and option values (fixed words, file paths).
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
        "_" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The names of the commands.
    var commandNames: [String] { commands.map(\.name) }

    /// Every spelling of `options`, long then short.
    static func spellings(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }

    /// Every option any command or the tool accepts, each spelling once.
    var allOptions: [OptionSpec] {
        var seen = Set<String>()
        let all = commonOptions + standaloneOptions + commands.flatMap(\.options)
        return all.filter { seen.insert($0.name).inserted }
    }

    /// `text` inside single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// The shell completion scripts of `networking`, generated from ``CommandTable``.
///
/// Install with, for example, `source <(networking --generate-completion-script bash)` in `~/.bashrc`,
/// `networking --generate-completion-script zsh > "${fpath[1]}/_networking"`, or
/// `networking --generate-completion-script fish > ~/.config/fish/completions/networking.fish`.
enum CompletionScript {
    static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion.script
        case .zsh: ZshCompletion.script
        case .fish: FishCompletion.script
        }
    }

    /// Every spelling of `options`, long then short.
    static func spellings(_ options: [OptionSpec]) -> [String] {
        options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }

    /// Every option any command or the tool accepts, each spelling once.
    static var allOptions: [OptionSpec] {
        var seen = Set<String>()
        let all = CommandTable.commonOptions + CommandTable.toolOptions + CommandTable.commands.flatMap(\.options)
        return all.filter { seen.insert($0.name).inserted }
    }

    /// `text` inside single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

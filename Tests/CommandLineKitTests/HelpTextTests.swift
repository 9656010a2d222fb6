import CommandLineKit
import Testing

struct HelpTextTests {
    @Test func theGeneralHelpListsEveryCommandThatRunsTheOptionsAndTheEpilogue() {
        #expect(
            ExampleTool.tool.generalHelp == """
                usage: example COMMAND [OPTIONS]

                commands:
                  greet NAME            greet someone
                  count                 count to three
                  count down            count down to one
                  send FILE...          send files
                  config show           show the settings
                  config set KEY VALUE  change a setting
                  help COMMAND          show a command's options

                common options:
                  --verbose             say more
                  --prefix TEXT         put TEXT first
                                        of every line
                  --help                show help (also: example help COMMAND)

                other options:
                  --version             print the version
                  --generate-completion-script SHELL
                                        print a completion script for bash, zsh or fish

                exit status: 0 success, 64 usage error
                """)
    }

    @Test func aCommandsHelpListsItsArgumentsOptionsNotesAndTheCommonOptions() {
        #expect(
            ExampleTool.tool.help(for: "greet") == """
                usage: example greet NAME [--times N] [--loud] [--tone calm|warm]

                Greets NAME.

                arguments:
                  NAME                  who to greet

                options:
                  --times N             how often, 1 to 3
                  --loud                in capitals
                  --tone TONE           how it sounds

                Greetings are free.

                common options:
                  --verbose             say more
                  --prefix TEXT         put TEXT first
                                        of every line
                  --help                show help (also: example help COMMAND)
                """)
    }

    @Test func aCommandsHelpHasAUsageLineForEachSubcommandAndListsThem() {
        let help = ExampleTool.tool.help(for: "config")
        #expect(
            help.hasPrefix(
                """
                usage: example config show
                       example config set KEY VALUE

                Shows or changes the settings.

                subcommands:
                  show                  show the settings
                  set KEY VALUE         change a setting

                arguments:
                  KEY                   the setting's name
                  VALUE                 its new value

                common options:
                """))
        let count = ExampleTool.tool.help(for: "count")
        #expect(count.hasPrefix("usage: example count [--aloud]\n       example count down [--from N]\n\nCounts.\n"))
        #expect(
            count.contains(
                "\noptions:\n  --aloud               say each number\n  --from N              where to start\n"))
    }

    @Test func aCommandWithoutOptionsStillListsTheCommonOnes() {
        let help = ExampleTool.tool.help(for: "send")
        #expect(help.hasPrefix("usage: example send FILE...\n\narguments:\n  FILE...               a file to send\n"))
        #expect(help.contains("\n\ncommon options:\n  --verbose"))
        #expect(!help.contains("\noptions:\n"))
    }

    @Test func anUnknownCommandGetsTheGeneralHelp() {
        #expect(ExampleTool.tool.help(for: "wave") == ExampleTool.tool.generalHelp)
        #expect(ExampleTool.tool.help(for: nil) == ExampleTool.tool.generalHelp)
    }
}

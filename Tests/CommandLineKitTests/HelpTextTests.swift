import CommandLineKit
import Testing

struct HelpTextTests {
    @Test func theGeneralHelpListsCommandsOptionsAndTheEpilogue() {
        #expect(
            ExampleTool.tool.generalHelp == """
                usage: example COMMAND [OPTIONS]

                commands:
                  greet NAME            greet someone
                  count                 count to three
                  help COMMAND          show a command's options

                common options:
                  --verbose             say more
                  --prefix TEXT         put TEXT first
                                        of every line
                  --help                show help (also: example help COMMAND)

                other options:
                  --version             print the version
                  --generate-completion-script SHELL  print a completion script for bash, zsh or fish

                exit status: 0 success, 64 usage error
                """)
    }

    @Test func aCommandsHelpListsItsOptionsItsNotesAndTheCommonOptions() {
        #expect(
            ExampleTool.tool.help(for: "greet") == """
                usage: example greet NAME [--times N] [--loud] [--tone calm|warm]

                Greets NAME.
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

    @Test func aCommandWithoutOptionsStillListsTheCommonOnes() {
        let help = ExampleTool.tool.help(for: "count")

        #expect(help.hasPrefix("usage: example count\n\nCounts.\n\ncommon options:\n  --verbose"))
    }

    @Test func anUnknownCommandGetsTheGeneralHelp() {
        #expect(ExampleTool.tool.help(for: "wave") == ExampleTool.tool.generalHelp)
        #expect(ExampleTool.tool.help(for: nil) == ExampleTool.tool.generalHelp)
    }
}

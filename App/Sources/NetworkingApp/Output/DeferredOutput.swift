import CommandLineKit
import Synchronization

/// Holds standard output back until the run's exit status is known, so a `--json` run that fails at any
/// point (after the document was rendered, while writing the `--record` file) leaves standard output empty.
final class DeferredOutput: Sendable {
    private let text = Mutex("")
    private let console: Console

    /// Defers `console`'s standard output.
    init(_ console: Console) {
        self.console = console
    }

    /// `console` with its standard output collected here.
    var deferringConsole: Console {
        var deferring = console
        deferring.writeRawOutput = { output in self.text.withLock { $0 += output } }
        return deferring
    }

    /// Writes what was collected when `status` is success; drops it otherwise.
    func release(for status: ExitStatus) {
        let collected = text.withLock { $0 }
        if status == .success, !collected.isEmpty { console.writeRawOutput(collected) }  // already made safe
    }

    /// Whether `command` prints a JSON document, which must be whole or absent.
    static func isNeeded(for command: Command) -> Bool {
        switch command {
        case .questions(let options): options.json
        case .question(let options): options.json
        case .files(let json): json
        default: false
        }
    }
}

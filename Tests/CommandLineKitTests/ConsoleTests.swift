import CommandLineKit
import Foundation
import Synchronization
import Testing

struct ConsoleTests {
    @Test func theConsoleMakesTextForPeopleSafeButKeepsDocumentsAsTheyAre() {
        let output = Mutex<[String]>([])
        let error = Mutex<[String]>([])
        let console = Console(
            writeOutput: { text in output.withLock { $0.append(text) } },
            writeError: { text in error.withLock { $0.append(text) } }, readInput: { Data() }, showsProgress: false)

        console.writeOutput("\u{1B}[31mred\n")
        console.writeError("\u{1B}]0;x\u{07}\n")
        console.writeDocument("{\"raw\": \"\u{9B}\"}\n")

        #expect(output.withLock { $0 } == ["^[[31mred\n", "{\"raw\": \"\u{9B}\"}\n"])
        #expect(error.withLock { $0 } == ["^[]0;x^G\n"])
    }
}

import CommandLineKit
import Foundation
import HTTPClientTestSupport

@testable import NetworkingApp
@testable import NetworkingComposition

/// A ``Console`` whose standard output and standard error are recorded, with a fixed standard input.
struct CapturingConsole {
    let output = RecordedValues<String>()
    let error = RecordedValues<String>()
    let console: Console

    init(input: Data = Data()) {
        let (output, error) = (output, error)
        console = Console(
            writeOutput: { output.append($0) }, writeError: { error.append($0) }, readInput: { input },
            showsProgress: false)
    }

    /// Everything written to standard output.
    var stdout: String { output.values.joined() }
    /// Everything written to standard error.
    var stderr: String { error.values.joined() }
}

/// The app's exit status; Swift Testing's `ExitStatus` shadows the name in files that import Testing.
typealias AppExitStatus = ExitStatus

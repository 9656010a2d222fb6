import CommandLineKit
import Foundation
import NetworkingApp

// First, before anything opens a file: a standard stream the tool was started without keeps its number.
let streams = StandardStreams()
exit(
    await NetworkingApp.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        streams: streams))

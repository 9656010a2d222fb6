import Foundation
import NetworkingApp

exit(
    await NetworkingApp.run(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))

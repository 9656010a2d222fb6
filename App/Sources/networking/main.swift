import Foundation
import NetworkingApp

exit(NetworkingApp.run(arguments: Array(CommandLine.arguments.dropFirst())))

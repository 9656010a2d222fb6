import CommandLineKit
import Foundation
import NetworkingApp

// First, before anything opens a file: a standard stream the tool was started without keeps its number.
let streams = StandardStreams()
let status = await NetworkingApp.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    streams: streams)
// Ends without exit-time handlers: a load that `--timeout` gave up on may still be on another thread, setting up
// libcurl and OpenSSL (URLSession, CurlClient) or in a transfer, and OpenSSL's exit-time clean-up frees the locks
// that thread still takes (SIGSEGV after the output was written). The tool writes its output unbuffered with
// write(2); stdio is flushed all the same.
fflush(nil)
_exit(status)

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A reference tool run as a child with `posix_spawn` and reaped with `wait4`, so its CPU time is its own
/// (user + system, every thread), with none of Foundation's `Process` machinery in between.
enum ChildProcess {
    /// What one run of a child took.
    struct Outcome {
        let exitCode: Int32
        let seconds: Double
        let cpuSeconds: Double
    }

    /// Runs `arguments` (the first is the executable's path) with standard input and error on `/dev/null` and
    /// standard output into the file `output`; returns once the child is reaped.
    static func run(_ arguments: [String], output: String) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let clock = ContinuousClock()
        let started = clock.now
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError.referenceFailed("could not start \(arguments[0]): error \(spawned)")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError.referenceFailed("wait4 failed: errno \(errno)") }
        }
        let seconds = LoadSample.seconds(clock.now - started)
        let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(exitCode: exitCode, seconds: seconds, cpuSeconds: cpuSeconds(usage))
    }

    private static func cpuSeconds(_ usage: rusage) -> Double {
        [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) * 1e-6 }
    }
}

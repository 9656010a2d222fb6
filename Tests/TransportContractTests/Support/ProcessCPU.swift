import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CPU time of the whole process, every thread, user plus system.
enum ProcessCPU {
    /// Seconds of CPU this process has used so far (`getrusage(RUSAGE_SELF)`).
    static func seconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
        return user + system
    }
}

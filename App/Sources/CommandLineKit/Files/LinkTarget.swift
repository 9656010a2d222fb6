#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names once the symbolic links along its last component are followed, as the shell's `>` does.
public enum LinkTarget {
    /// `path` with every symbolic link at its end followed (a link to a link too); a dangling link gives the
    /// path it points to, and a path that is not a link is returned as it is.
    /// - Throws: The system's error for a path that cannot be read, or `ELOOP` after 40 links.
    public static func resolve(_ path: String) throws(FileDescriptorIO.Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else {
                guard errno == EINVAL || errno == ENOENT else { throw FileDescriptorIO.Failure(code: errno) }
                return current
            }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
        }
        throw FileDescriptorIO.Failure(code: ELOOP)
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a name at the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

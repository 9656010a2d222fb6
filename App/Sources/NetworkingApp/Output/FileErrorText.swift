import Foundation

/// Foundation's and POSIX's file errors as plain sentences: `Could not write /x/y.png: the folder does not exist`.
///
/// The one place that turns a `CocoaError`, a `POSIXError` or an `NSError` from `FileManager` or `FileHandle`
/// into words: the path, the cause (no such file, permission denied, is a folder, no space left, name too long)
/// and advice that fits the cause.
enum FileErrorText {
    /// The failed operation, its path and the reason.
    static func sentence(for error: CocoaError) -> String {
        let writing = isWrite(error)
        let verb = writing.map { $0 ? "write" : "read" } ?? "use"
        let path = error.filePath ?? error.url?.path
        let reason = reason(errno: posixCode(of: error), writing: writing)
        return path.map { "Could not \(verb) \($0): \(reason)" } ?? "Could not \(verb) the file: \(reason)"
    }

    /// `Could not read PATH: REASON` (or `write`) for `underlying`, which a file operation on `path` threw.
    static func sentence(path: String, writing: Bool, underlying: any Error) -> String {
        let reason = reason(errno: posixCode(of: underlying), writing: writing)
        return "Could not \(writing ? "write" : "read") \(path): \(reason)"
    }

    /// Advice that fits the reason.
    static func advice(for error: CocoaError) -> String {
        advice(errno: posixCode(of: error), writing: isWrite(error))
    }

    /// Advice that fits `underlying`, which a read (`writing == false`) or a write threw.
    static func advice(writing: Bool, underlying: any Error) -> String {
        advice(errno: posixCode(of: underlying), writing: writing)
    }

    /// The reason for `errno`, starting lowercase.
    static func reason(errno code: Int32?, writing: Bool?) -> String {
        guard let code else { return "the file operation failed" }
        switch code {
        case ENOENT: return writing == false ? "the file does not exist" : "the folder does not exist"
        case EISDIR: return "it is a folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC, EDQUOT: return "the disk is full"
        case ENAMETOOLONG: return "the name is too long"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    private static func advice(errno code: Int32?, writing: Bool?) -> String {
        switch code {
        case ENOENT where writing != false: "Create the folder first, or choose another path."
        case ENOENT: "Check the path."
        case EISDIR: "Give a file name, not a folder."
        case EACCES where writing == false, EPERM where writing == false:
            "Check the file's permissions, or choose another file."
        case EACCES, EPERM, EROFS: "Choose a path you can write to."
        case ENOSPC, EDQUOT: "Free some disk space, then try again."
        case ENAMETOOLONG: "Choose a shorter name."
        default: "Check the path, then try again."
        }
    }

    /// `true` for a write, `false` for a read, `nil` when the code does not say.
    private static func isWrite(_ error: CocoaError) -> Bool? {
        switch error.code.rawValue {
        case 256..<512: false
        case 512..<1024, CocoaError.fileNoSuchFile.rawValue: true
        default: nil
        }
    }

    /// The POSIX error underneath `error`, if there is one: a `POSIXError`, an `NSError` in the POSIX domain,
    /// or a Cocoa file error that kept its cause.
    private static func posixCode(of error: any Error) -> Int32? {
        // By domain: on Linux a cast such as `as? CocoaError` succeeds for an error of another domain.
        let nsError = error as NSError
        switch nsError.domain {
        case NSPOSIXErrorDomain: return Int32(truncatingIfNeeded: nsError.code)
        case NSCocoaErrorDomain:
            return posixCode(of: CocoaError(CocoaError.Code(rawValue: nsError.code), userInfo: nsError.userInfo))
        default: return nil
        }
    }

    /// The POSIX error underneath, if Foundation kept it.
    private static func posixCode(of error: CocoaError) -> Int32? {
        guard let underlying = error.underlying as NSError?, underlying.domain == NSPOSIXErrorDomain else {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
            case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
            case .fileWriteOutOfSpace: return ENOSPC
            case .fileWriteVolumeReadOnly: return EROFS
            case .fileWriteFileExists: return EEXIST
            default: return nil
            }
        }
        return Int32(truncatingIfNeeded: underlying.code)
    }
}

import Foundation

/// Foundation's file errors as plain sentences: `Could not write /x/y.png: the folder does not exist`.
enum FileErrorText {
    /// The failed operation, its path and the reason.
    static func sentence(for error: CocoaError) -> String {
        let writing = isWrite(error)
        let verb = writing.map { $0 ? "write" : "read" } ?? "use"
        let path = error.filePath ?? error.url?.path
        let reason = reason(errno: posixCode(of: error), writing: writing)
        return path.map { "Could not \(verb) \($0): \(reason)" } ?? "Could not \(verb) the file: \(reason)"
    }

    /// Advice that fits the reason.
    static func advice(for error: CocoaError) -> String {
        switch posixCode(of: error) {
        case ENOENT where isWrite(error) != false: "Create the folder first, or choose another path."
        case ENOENT: "Check the path."
        case EISDIR: "Give a file name, not a folder."
        case EACCES, EPERM, EROFS: "Choose a path you can write to."
        case ENOSPC: "Free some disk space, then try again."
        default: "Check the path, then try again."
        }
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
        case ENOSPC: return "the disk is full"
        case ENAMETOOLONG: return "the name is too long"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
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

    /// The POSIX error underneath, if Foundation kept it.
    private static func posixCode(of error: CocoaError) -> Int32? {
        guard let underlying = error.underlying as NSError?, underlying.domain == NSPOSIXErrorDomain else {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
            case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
            case .fileWriteOutOfSpace: return ENOSPC
            case .fileWriteVolumeReadOnly: return EROFS
            default: return nil
            }
        }
        return Int32(underlying.code)
    }
}

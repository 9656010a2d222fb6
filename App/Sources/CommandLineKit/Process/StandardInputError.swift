/// Standard input could not be read: the tool was started without a readable standard input.
public enum StandardInputError: Error, Equatable, CustomStringConvertible {
    /// The tool was started with standard input closed (`<&-`).
    case closed
    /// Reading failed, for example because standard input is a folder.
    case unreadable(FileDescriptorIO.Failure)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .closed: "standard input is closed"
        case .unreadable(let failure): "standard input could not be read: \(failure)"
        }
    }
}

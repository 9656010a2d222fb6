/// Renders the files screen's states as terminal text.
public enum FilesRenderer {
    /// The list: one `name  size  sha256-prefix` line per file (sizes aligned), without a trailing newline.
    public static func render(_ state: FilesViewState) -> String {
        switch state {
        case .loading: "Loading files…"
        case .loaded(let files) where files.isEmpty: "No files."
        case .loaded(let files): table(files)
        case .failed(let message): message
        }
    }

    /// One line for a download, upload or deletion state.
    public static func render(_ state: FileActionState) -> String {
        switch state {
        case .running(nil): "Starting…"
        case .running(let progress?): progressText(progress)
        case .downloaded(let name, let destination): "Downloaded \(name) to \(destination.path)"
        case .uploaded(let files):
            "Uploaded " + files.map { "\($0.name) (\(ByteCountText.text($0.size)))" }.joined(separator: ", ")
        case .deleted(let name): "Deleted \(name)"
        case .failed(let message): message
        }
    }

    /// `1.5 MiB of 3.0 MiB (50%)`, or `1.5 MiB` when the total is unknown.
    public static func progressText(_ progress: TransferProgress) -> String {
        let done = ByteCountText.text(progress.completedBytes)
        guard let total = progress.totalBytes, let fraction = progress.fractionCompleted else { return done }
        return "\(done) of \(ByteCountText.text(total)) (\(Int((fraction * 100).rounded(.down)))%)"
    }

    private static func table(_ files: [RemoteFile]) -> String {
        let names = files.map(\.name)
        let sizes = files.map { ByteCountText.text($0.size) }
        let nameWidth = names.map(\.count).max() ?? 0
        let sizeWidth = sizes.map(\.count).max() ?? 0
        return files.indices.map { index in
            let name = names[index].paddedRight(to: nameWidth)
            let size = String(repeating: " ", count: sizeWidth - sizes[index].count) + sizes[index]
            return "\(name)  \(size)  \(files[index].sha256.prefix(12))"
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func paddedRight(to length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - count))
    }
}

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
        case .downloaded(let name, let destination): "Downloaded \(displayName(name)) to \(destination.path)"
        case .uploaded(let files):
            "Uploaded "
                + files.map { "\(displayName($0.name)) (\(ByteCountText.text($0.size)))" }.joined(separator: ", ")
        case .deleted(let name): "Deleted \(displayName(name))"
        case .failed(let message): message
        }
    }

    /// `1.5 MiB of 3.0 MiB (50%)`, or `1.5 MiB` when the total is unknown.
    public static func progressText(_ progress: TransferProgress) -> String {
        let done = ByteCountText.text(progress.completedBytes)
        guard let total = progress.totalBytes, let fraction = progress.fractionCompleted else { return done }
        return "\(done) of \(ByteCountText.text(total)) (\(Int((fraction * 100).rounded(.down)))%)"
    }

    /// `name` as one visible run of text: a line break, tab or other control character, and a character that
    /// reorders or hides text (bidirectional overrides and isolates, zero-width marks), is written as a Swift
    /// escape such as `\n` or `\u{202E}`, so no name can forge or reorder a line.
    public static func displayName(_ name: String) -> String {
        var shown = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\\": shown += "\\\\"
            case _ where isHidden(scalar): shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Controls (C0, DEL, C1) and the format characters that reorder or hide text.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }

    private static func table(_ files: [RemoteFile]) -> String {
        let names = files.map { displayName($0.name) }
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

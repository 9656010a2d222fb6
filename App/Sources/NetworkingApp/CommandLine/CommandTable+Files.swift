import CommandLineKit
import NetworkingComposition

/// `networking files` and its subcommands `download NAME` and `upload FILE...`.
extension CommandTable {
    static let files = Subcommand<Command>(
        "files", abstract: "the files stored on the Files API",
        discussion: """
            Lists, downloads or uploads files on the Files API (\(Settings.Variable.filesURL), default
            \(Settings.defaultFilesURL)), authenticated like the token API. A download goes into the current
            folder under the last path component of NAME unless --output says where (- is standard output); a
            file is written beside it as NAME.partial and moved into place when complete, so an interrupted
            download (Ctrl-C exits 130) keeps its bytes and the same command resumes it. An upload is resumable
            when the Files API says it offers tus or --protocol draft|tus asks for it: the same command
            continues an interrupted one from the server's offset, and --cancel deletes it and its record (kept
            in the cache directory). On a terminal, a progress bar shows on standard error. --timeout does not
            bound a download's or an upload's transfer, which takes as long as its size needs; a transfer that
            stalls still ends when no byte moves for the request timeout (30 s).
            """,
        defaults: false,
        options: [.flag("--json", help: "print the list as a JSON document instead of a table", \.self)],
        subcommands: [download, upload]
    ) { json in .files(json: json) }

    private static let download = Subcommand<Command>(
        "download", abstract: "download a file (a rerun after an interruption resumes)",
        defaults: DownloadOptions(name: ""),
        arguments: [
            Argument(
                "NAME", help: "the file's name on the Files API", missing: "missing the NAME of the file to download",
                OptionValues.downloadName
            ) { options, name in options.name = name }
        ],
        options: [
            Option(
                "--output", "PATH",
                help: "where files download writes the file (default ./NAME; a folder takes NAME; - is stdout)",
                \.output,
                .file())
        ]
    ) { options in .downloadFile(name: options.name, output: options.output) }

    private static let upload = Subcommand<Command>(
        "upload", abstract: "upload files, each under its own name (a rerun after an interruption continues)",
        defaults: UploadOptions(),
        arguments: [
            .repeating(
                "FILE", help: "a local file to upload", missing: "missing the FILE to upload", \.paths,
                OptionValues.uploadPath)
        ],
        options: [
            Option(
                "--protocol", "NAME", help: "how the files travel (default: resumable when offered)",
                \.uploadProtocol, .choice),
            .flag("--cancel", help: "delete the files' interrupted uploads and their records", \.cancel),
        ]
    ) { options in .uploadFiles(options) }
}

import CommandLineKit
import Foundation
import HTTPCaching
import HTTPClientSupport
import NetworkingComposition
import QuestionsFeature

/// What the user asked for on the command line, validated: the options every command takes, and the command.
struct Invocation: Equatable, Sendable {
    /// `--base-url URL`: the server every API is reached at.
    var baseURL: URL?
    /// `--verbose`: log every request and response.
    var verbose = false
    /// `--record FILE`: where to write this invocation's traffic as a HAR archive.
    var recordPath: String?
    /// `--replay FILE`: the HAR archive that answers every request instead of the network.
    var replayPath: String?
    /// `--trace FILE`: where to append this invocation's spans as OTLP/JSON Lines.
    var tracePath: String?
    /// `--trace-metrics FILE`: where to append this invocation's request-duration histogram as OTLP/JSON Lines.
    var traceMetricsPath: String?
    /// `--write-out FORMAT`: what to write to standard error after each HTTP exchange.
    var writeOut: WriteOutTemplate?
    /// `--timeout SECONDS`: how long the command's network work may take in total.
    var timeout: Duration?
    /// `--transport NAME`: which client sends the requests.
    var transport: TransportChoice?
    /// `--proxy URL`: the proxy every request goes through; `''` goes direct.
    var proxy: HTTPProxy?
    /// `--cacert`, `--capath`, `--cert`, `--key`, `--pass`, `--pinnedpubkey`, `--tlsv1.2`, `--tlsv1.3`.
    var tls = TLSCommandLine()
    var command: Command
    /// The command's words as ``CommandTable`` spells them (`["files", "download"]`, `["--version"]`,
    /// `["help"]`).
    var commandPath: [String] = []

    /// `--no-cache` (`.reload`) or `--offline`, which only the Stack Exchange commands take.
    var cacheMode: HTTPCachePolicy.Mode {
        switch command {
        case .questions(let options): options.cacheMode
        case .question(let options): options.cacheMode
        default: .normal
        }
    }
}

/// One `networking` command with its validated options.
enum Command: Equatable, Sendable {
    /// A command's help (its name), or the general help (`nil`).
    case help(String?)
    case version
    case completionScript(Shell)
    case questions(QuestionsOptions)
    case question(QuestionOptions)
    case token
    case updateToken(TokenSource)
    case cache(CacheAction)
    /// `networking files [--json]`.
    case files(json: Bool)
    /// `networking files download NAME [--output PATH]`.
    case downloadFile(name: String, output: String?)
    /// `networking files upload FILE... [--protocol draft|tus|multipart] [--cancel]`.
    case uploadFiles(UploadOptions)
}

/// Options of `networking questions`; `nil` leaves the feature's default.
struct QuestionsOptions: Equatable, Sendable {
    var tagged: String?
    var pageSize: Int?
    var page: Int?
    var sort: QuestionsQuery.Sort?
    var site: String?
    var cacheMode = HTTPCachePolicy.Mode.normal
    var json = false
}

/// Options of `networking question ID`.
struct QuestionOptions: Equatable, Sendable {
    var id: String
    var json = false
    var saveAvatar: String?
    var site: String?
    var cacheMode = HTTPCachePolicy.Mode.normal
}

/// The argument and options of `networking files download NAME`.
struct DownloadOptions: Equatable, Sendable {
    var name: String
    var output: String?
}

/// Where `networking token update` reads the new token from.
enum TokenSource: Equatable, Sendable {
    case argument(String)
    case standardInput
}

/// What `networking cache` does.
enum CacheAction: String, Equatable, CaseIterable, Sendable {
    /// Prints where the cache is and what it holds.
    case info
    /// Empties it, backoff deadlines included.
    case clear
}

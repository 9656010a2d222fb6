import Foundation
import HTTPCaching

/// What the user asked for on the command line, validated.
struct Invocation: Equatable {
    /// Options every command accepts.
    var baseURL: URL?
    var verbose = false
    /// `--no-cache` (`.reload`) or `--offline`, for the Stack Exchange commands.
    var cacheMode = HTTPCachePolicy.Mode.normal
    /// `--record FILE`: where to write this invocation's traffic as a HAR archive.
    var recordPath: String?
    /// `--replay FILE`: the HAR archive that answers every request instead of the network.
    var replayPath: String?
    /// `--timeout SECONDS`: how long the command's network work may take in total.
    var timeout: Duration?
    /// `--transport NAME`: which client sends the requests.
    var transport: TransportChoice?
    var command: Command
}

/// One `networking` command with its validated options.
enum Command: Equatable {
    case help(HelpTopic)
    case version
    case completionScript(Shell)
    case questions(QuestionsOptions)
    case question(QuestionOptions)
    case token
    case updateToken(TokenSource)
    case cache(CacheAction)
}

/// Which usage text to show.
enum HelpTopic: String, Equatable, CaseIterable {
    case general, questions, question, token, cache
}

/// Options of `networking questions`.
struct QuestionsOptions: Equatable {
    static let sorts = ["votes", "activity", "creation"]

    var tagged: String?
    var pageSize: Int?
    var page: Int?
    var sort: String?
    var site: String?
    var json = false
}

/// Options of `networking question ID`.
struct QuestionOptions: Equatable {
    var id: String
    var json = false
    var saveAvatar: String?
    var site: String?
}

/// Where `networking token update` reads the new token from.
enum TokenSource: Equatable {
    case argument(String)
    case standardInput
}

/// What `networking cache` does.
enum CacheAction: String, Equatable, CaseIterable {
    /// Prints where the cache is and what it holds.
    case info
    /// Empties it, backoff deadlines included.
    case clear
}

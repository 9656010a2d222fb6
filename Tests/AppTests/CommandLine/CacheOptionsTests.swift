import CommandLineKit
import Foundation
import HTTPCaching
import QuestionsFeatureAPI
import Testing

@testable import NetworkingApp
@testable import NetworkingComposition

/// `--no-cache`, `--offline`, `--site`, and where the cache lives.
struct CacheOptionsTests {
    @Test func parsesTheCacheModesAndTheSiteForBothStackExchangeCommands() throws {
        let questions = try CommandTable.parse(["questions", "--no-cache", "--site", "superuser"])
        let question = try CommandTable.parse(["question", "7", "--offline", "--site=math"])

        #expect(questions.cacheMode == .reload)
        #expect(questions.command == .questions(QuestionsOptions(site: "superuser", cacheMode: .reload)))
        #expect(question.cacheMode == .offline)
        #expect(question.command == .question(QuestionOptions(id: "7", site: "math", cacheMode: .offline)))
        #expect(try CommandTable.parse(["questions"]).cacheMode == .normal)
    }

    @Test func rejectsBothModesABadSiteAndCacheOptionsForTheTokenCommand() {
        #expect(
            throws: UsageError(description: "--no-cache and --offline cannot be used together", command: "questions")
        ) {
            try CommandTable.parse(["questions", "--offline", "--no-cache"])
        }
        #expect(throws: UsageError.self) { try CommandTable.parse(["questions", "--site", "a/b"]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["questions", "--site="]) }
        #expect(throws: UsageError.self) { try CommandTable.parse(["token", "--offline"]) }
    }

    @Test func theCacheDirectoryComesFromTheEnvironmentInOrder() {
        let all = ["NETWORKING_CACHE_DIR": "/explicit", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/me"]

        #expect(ResponseCache.directory(environment: all)?.path == "/explicit")
        #expect(
            ResponseCache.directory(environment: all.filter { $0.key != "NETWORKING_CACHE_DIR" })?.path
                == "/xdg/networking")
        #expect(ResponseCache.directory(environment: ["HOME": "/home/me"])?.path == "/home/me/.cache/networking")
        #expect(
            ResponseCache.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path
                == "/h/.cache/networking")
        #expect(ResponseCache.directory(environment: ["NETWORKING_CACHE_DIR": ""]) == nil)
    }

    @Test func eachBaseURLHasItsOwnDirectory() {
        let cache = ResponseCache(directory: URL(fileURLWithPath: "/c"))

        let one = cache.directory(for: URL(string: "http://127.0.0.1:8080")!)
        let other = cache.directory(for: URL(string: "http://127.0.0.1:8081")!)
        let prefixed = cache.directory(for: URL(string: "http://127.0.0.1:8080/api")!)

        #expect(Set([one, other, prefixed]).count == 3)
        #expect(one.deletingLastPathComponent().path == "/c")
        #expect(one.lastPathComponent == "http%3A%2F%2F127.0.0.1%3A8080")
    }

    @Test func classifiesCacheFailures() {
        #expect(
            FailureClassifier.status(for: HTTPCacheError.notCached(method: .get, resource: "2.3/questions"))
                == .networkFailure)
        #expect(FailureClassifier.status(for: BackoffInEffect(method: "questions", secondsLeft: 3)) == .serverError)
        #expect(FailureClassifier.status(for: DiskHTTPCacheStore.Error.notADirectory(path: "/x")) == .localFileFailure)
    }
}

/// The cache's directory names stay what `addingPercentEncoding` made, so caches written before keep answering.
struct CacheDirectoryNameTests {
    @Test(arguments: [
        "http://127.0.0.1:8080", "https://api.stackexchange.com", "http://[::1]:3000/api/v2?x=1#f",
        "https://exämple.test/päth", "http://host/a%20b~_!$&'()*+,;=",
    ])
    func matchesFoundationsPercentEncoding(text: String) throws {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-.")

        #expect(ResponseCache.directoryName(for: text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }
}

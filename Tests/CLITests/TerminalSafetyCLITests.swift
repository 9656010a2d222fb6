import DevServerSupport
import Foundation
import HTTPClientTestSupport
import Testing

/// Control characters in what a server sent (here, a crafted archive replayed) never reach the terminal as
/// controls: the table and the messages show them as `^[` and the like; `--json` keeps the data, escaped.
@Suite(.timeLimit(.minutes(1)))
struct TerminalSafetyCLITests {
    static let titles = [
        "Clear \u{1B}[2J the screen", "Retitle \u{1B}]0;owned\u{07} the window", "Over\r\u{1B}[2Kwritten",
        "Entity &#x1b;[31m red &#27;[0m",
    ]

    @Test func theTableShowsControlCharactersInsteadOfSendingThem() async throws {
        let directory = try TemporaryDirectory()
        let archive = try Self.writeArchive(in: directory)

        let outcome = try await NetworkingBinary.runOffline(["questions", "--replay", archive.path])

        #expect(outcome.status == 0, "\(outcome)")
        let forbidden: [UInt8] = [0x1B, 0x07, 0x0D]
        #expect(!outcome.stdoutData.contains { forbidden.contains($0) })
        #expect(!outcome.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(outcome.stdout.contains("Clear ^[[2J the screen"))
        #expect(outcome.stdout.contains("Retitle ^[]0;owned^G the window"))
        #expect(outcome.stdout.contains("Over^M^[[2Kwritten"))
        #expect(outcome.stdout.contains("Entity ^[[31m red ^[[0m"), "entities decoded to ESC are shown too")
        #expect(outcome.stdout.contains("Mallory \u{FFFD}31m"), "a C1 control (CSI) becomes U+FFFD")
    }

    @Test func jsonKeepsTheDataEscaped() async throws {
        let directory = try TemporaryDirectory()
        let archive = try Self.writeArchive(in: directory)

        let outcome = try await NetworkingBinary.runOffline(["questions", "--json", "--replay", archive.path])

        #expect(outcome.status == 0, "\(outcome)")
        #expect(!outcome.stdoutData.contains(0x1B))
        #expect(outcome.stdout.lowercased().contains(#"clear \u001b[2j the screen"#))
        let document = try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any]
        let questions = try #require(document?["questions"] as? [[String: Any]])
        #expect(questions.compactMap { $0["title"] as? String }.first == Self.titles[0])
    }

    @Test func anErrorMessageQuotingTheServerIsMadeSafeToo() async throws {
        let directory = try TemporaryDirectory()
        let archive = try Self.writeArchive(in: directory)

        let outcome = try await NetworkingBinary.runOffline(["questions", "--page", "2", "--replay", archive.path])

        #expect(outcome.status == 2, "\(outcome)")
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B })
        #expect(outcome.stderr.contains("page ^[[2J out of range"))
    }

    /// A HAR archive answering page 1 of the default questions query with hostile titles, and page 2 with a
    /// Stack Exchange error whose message carries an escape sequence.
    private static func writeArchive(in directory: TemporaryDirectory) throws -> URL {
        let items: [[String: Any]] = titles.enumerated().map { index, title in
            [
                "question_id": 1000 + index, "title": title, "tags": ["swiftui"], "score": 1, "answer_count": 0,
                "view_count": 10, "is_answered": false, "creation_date": 1_700_000_000,
                "link": "https://stackoverflow.com/q/\(1000 + index)",
                "owner": ["user_id": 1, "display_name": "Mallory \u{9B}31m", "reputation": 1],
            ]
        }
        let page: [String: Any] = ["items": items, "has_more": false, "quota_max": 10000, "quota_remaining": 9999]
        let error: [String: Any] = [
            "error_id": 400, "error_name": "bad_parameter", "error_message": "page \u{1B}[2J out of range",
        ]
        let query = "order=desc&pagesize=10&site=stackoverflow&sort=votes&tagged=swiftui"
        let document: [String: Any] = [
            "log": [
                "version": "1.2", "creator": ["name": "test", "version": "1"],
                "entries": [
                    try entry("http://127.0.0.1:9/2.3/questions?page=1&\(query)", status: 200, body: page),
                    try entry("http://127.0.0.1:9/2.3/questions?page=2&\(query)", status: 400, body: error),
                ],
            ]
        ]
        let url = directory.file("hostile.har")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }

    private static func entry(_ url: String, status: Int, body: [String: Any]) throws -> [String: Any] {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        return [
            "startedDateTime": "2026-01-01T00:00:00.000Z", "time": 1,
            "request": [
                "method": "GET", "url": url, "httpVersion": "HTTP/1.1", "headers": [], "queryString": [],
                "cookies": [], "headersSize": -1, "bodySize": 0,
            ],
            "response": [
                "status": status, "statusText": "", "httpVersion": "HTTP/1.1",
                "headers": [["name": "Content-Type", "value": "application/json; charset=utf-8"]], "cookies": [],
                "content": ["size": text.utf8.count, "mimeType": "application/json; charset=utf-8", "text": text],
                "redirectURL": "", "headersSize": -1, "bodySize": text.utf8.count,
            ],
            "cache": [:], "timings": ["send": 0, "wait": 1, "receive": 0],
        ]
    }
}

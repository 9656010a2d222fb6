import Foundation
import Testing

/// Real-shaped Stack Exchange API payloads (excerpts of the dev server's fixture with CDN-style avatar URLs).
enum Fixtures {
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    static var questionsPage: Data { get throws { try data("questions-page.json") } }
    static var questionsPageWithBackoff: Data { get throws { try data("questions-page-backoff.json") } }
    static var throttleViolation: Data { get throws { try data("error-throttle-violation.json") } }
    static var badParameter: Data { get throws { try data("error-bad-parameter.json") } }
    static var avatarPNG: Data { get throws { try data("avatar-zoe-laurent.png") } }

    static func question(_ id: String) throws -> Data {
        try data("question-\(id).json")
    }

    /// Compact JSON from a literal, for payloads shorter than a file.
    static func json(_ text: String) -> Data {
        Data(text.utf8)
    }
}

import Foundation
import Testing

/// Reads a HAR file's entries as JSON objects.
enum HARFile {
    static func entries(in archive: URL) throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: archive)) as? [String: Any]
        let log = try #require(document?["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    static func url(of entry: [String: Any]) -> String? {
        (entry["request"] as? [String: Any])?["url"] as? String
    }
}

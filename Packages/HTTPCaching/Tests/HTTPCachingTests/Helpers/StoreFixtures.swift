import Foundation
import HTTPCaching
import HTTPClient

/// Keys and entries for the store tests.
enum StoreFixtures {
    static func key(_ path: String, query: String? = nil) -> HTTPCacheKey {
        HTTPCacheKey(rawValue: "GET v1/\(path)" + (query.map { "?\($0)" } ?? ""), resource: "v1/\(path)")
    }

    static func entry(body: String = "body", bytes: Int? = nil) -> HTTPCacheEntry {
        HTTPCacheEntry(
            statusCode: 200, headers: ["Content-Type": "text/plain", "ETag": "\"1\""],
            body: bytes.map { Data(repeating: 0x61, count: $0) } ?? Data(body.utf8),
            responseTime: Date(timeIntervalSince1970: 784_111_777), initialAge: 3, freshnessLifetime: 60,
            variant: ["accept": "-"])
    }

    /// A new empty directory under the temporary directory, not yet created.
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-tests-\(UUID().uuidString)")
    }

    /// The entry files in `directory`.
    static func entryFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "entry" }
    }
}

import Foundation
import HTTPClientTestSupport
import Testing

/// The tool keeps nothing in `$HOME` beyond its documented response cache (elsewhere here): no URL cache, no
/// cookies. Foundation's URLSession on Linux creates two empty folders for its shared cache and cookie store
/// when a session configuration is made; no file is ever written in them.
@Suite(.timeLimit(.minutes(1)))
struct HomeDirectoryCLITests {
    @Test func noFileAppearsInHome() async throws {
        let home = try TemporaryDirectory()
        let cache = try TemporaryDirectory()
        try await withDevServer { server in
            let environment = server.environment(["HOME": home.url.path, "NETWORKING_CACHE_DIR": cache.url.path])
            for arguments in [["question", "78650033"], ["questions", "--page-size", "3"], ["token"]] {
                let outcome = try await NetworkingBinary.run(arguments, environment: environment)
                #expect(outcome.status == 0, "\(outcome)")
            }
        }

        #expect(try files(in: home.url).isEmpty)
        #expect(try !files(in: cache.url).isEmpty, "the response cache went where it was told")
    }

    private func files(in directory: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found
    }
}

import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// The response cache of `networking questions` and `networking question`, run after run, against the dev server.
@Suite(.timeLimit(.minutes(1)))
struct CacheCLITests {
    @Test func aSecondRunIsAnsweredFromTheCacheWithANoteOnStandardError() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let first = try await NetworkingBinary.run(["questions", "--page-size", "3"], environment: environment)
                let second = try await NetworkingBinary.run(
                    ["questions", "--page-size", "3"], environment: environment)

                #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
                #expect(second.status == 0, "\(second)")
                #expect(second.stdout == first.stdout)
                #expect(second.stderr.hasPrefix("networking: cached answer, "), "\(second)")
                #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 1)
            }
        }
    }

    @Test func jsonOutputIsTheSameFromTheCache() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let first = try await NetworkingBinary.run(
                    ["question", "79123456", "--json"], environment: environment)
                let second = try await NetworkingBinary.run(
                    ["question", "79123456", "--json"], environment: environment)

                #expect(first.status == 0 && second.status == 0, "\(second)")
                #expect(second.stdoutData == first.stdoutData)
                #expect(second.stderr.contains("cached answer"))
                let admin = try DevServerAdmin(server)
                #expect(try await admin.count("route:GET /2.3/questions/79123456") == 1)
            }
        }
    }

    @Test func offlineAnswersWhatIsCachedAndExits1OnAMissWithoutSending() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let miss = try await NetworkingBinary.run(["questions", "--offline"], environment: environment)
                #expect(miss.status == 1, "\(miss)")
                #expect(miss.stderr.contains("not cached"), "\(miss)")
                #expect(miss.stdout.isEmpty)
                #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 0)

                _ = try await NetworkingBinary.run(["questions"], environment: environment)
                let hit = try await NetworkingBinary.run(["questions", "--offline"], environment: environment)
                #expect(hit.status == 0 && hit.stderr.contains("cached answer"), "\(hit)")
                #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 1)
            }
        }
    }

    @Test func noCacheAsksTheServerEvenWhenFresh() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                _ = try await NetworkingBinary.run(["questions"], environment: environment)
                let reload = try await NetworkingBinary.run(["questions", "--no-cache"], environment: environment)

                #expect(reload.status == 0 && reload.stderr.isEmpty, "\(reload)")
                #expect(try await DevServerAdmin(server).count("route:GET /2.3/questions") == 2)
            }
        }
    }

    @Test func backoffAnswersFromTheCacheOrExits2WithoutSending() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let admin = try DevServerAdmin(server)
                try await admin.post("backoff", json: #"{"seconds": 120, "count": 1}"#)
                let first = try await NetworkingBinary.run(["questions", "--no-cache"], environment: environment)
                let cached = try await NetworkingBinary.run(["questions", "--no-cache"], environment: environment)
                let blocked = try await NetworkingBinary.run(["questions", "--page", "2"], environment: environment)

                #expect(first.status == 0, "\(first)")
                #expect(cached.status == 0 && cached.stderr.contains("asked to wait"), "\(cached)")
                #expect(blocked.status == 2, "\(blocked)")
                #expect(blocked.stderr.contains("seconds left"), "\(blocked)")
                #expect(try await admin.count("route:GET /2.3/questions") == 1)
            }
        }
    }

    @Test func aThrottleViolationIsObeyedLikeABackoff() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let environment = server.environment(["NETWORKING_CACHE_DIR": cache.path])
                let admin = try DevServerAdmin(server)
                try await admin.post("throttle", json: #"{"on": true}"#)
                let throttled = try await NetworkingBinary.run(["questions"], environment: environment)
                let blocked = try await NetworkingBinary.run(["questions"], environment: environment)

                #expect(throttled.status == 2 && throttled.stderr.contains("throttle_violation"), "\(throttled)")
                #expect(blocked.status == 2 && blocked.stderr.contains(" seconds left"), "\(blocked)")
                #expect(try await admin.count("route:GET /2.3/questions") == 1)
            }
        }
    }

    @Test func siteAndKeyAreSentToTheAPI() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["questions", "--site", "superuser", "--page-size", "2"],
                environment: server.environment(["NETWORKING_STACKEXCHANGE_KEY": "app-key"]))

            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout.hasPrefix("Top questions tagged [swiftui] on superuser"), "\(outcome)")
            #expect(try await DevServerAdmin(server).count("se.key:app-key") == 1)
        }
    }

    @Test func theTokenAPIWritesNothingToTheCache() async throws {
        try await withCacheDirectory { cache in
            try await withDevServer { server in
                let accessToken = try await DevServerAdmin(server).issueAccessToken()
                let outcome = try await NetworkingBinary.run(
                    ["token"],
                    environment: server.environment([
                        "NETWORKING_CACHE_DIR": cache.path, "NETWORKING_ACCESS_TOKEN": accessToken,
                    ]))

                #expect(outcome.status == 0, "\(outcome)")
                let files = FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []
                #expect(files.isEmpty, "\(files)")
            }
        }
    }

    private func withCacheDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("networking-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }
}

import DevServerSupport
import EndToEndSupport
import Foundation
import Testing

/// `networking questions` against the dev server's Stack Exchange stand-in.
@Suite(.timeLimit(.minutes(1)))
struct QuestionsCLITests {
    @Test func printsATableForTheOptionsGiven() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                [
                    "--base-url", server.baseURL.absoluteString, "questions", "--tagged", "swift", "--page-size", "3",
                    "--sort", "activity",
                ])

            #expect(outcome.status == 0, "\(outcome)")
            let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                lines.first == "Top questions tagged [swift] on stackoverflow, by recent activity, newest first, page 1"
            )
            #expect(lines.filter { $0.first?.isNumber == true }.map { $0.prefix(3) } == ["1. ", "2. ", "3. "])
            #expect(outcome.stderr.isEmpty)
            let admin = try DevServerAdmin(server)
            #expect(try await admin.count("route:GET /2.3/questions") == 1)
        }
    }

    @Test func jsonIsTheOnlyOutputAndEchoesTheQuery() async throws {
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(
                ["questions", "--json", "--page-size", "4", "--page", "2", "--tagged", "swiftui", "--sort", "votes"],
                environment: server.environment())

            #expect(outcome.status == 0, "\(outcome)")
            let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdoutData) as? [String: Any])
            let questions = try #require(document["questions"] as? [[String: Any]])
            let query = try #require(document["query"] as? [String: Any])
            #expect(questions.count == 4)
            #expect(document["has_more"] as? Bool == true)
            #expect(query["page_size"] as? Int == 4 && query["page"] as? Int == 2)
            #expect(query["tagged"] as? [String] == ["swiftui"] && query["sort"] as? String == "votes")
            #expect(questions.allSatisfy { ($0["id"] as? String)?.allSatisfy(\.isNumber) == true })
            #expect(questions.allSatisfy { ($0["tags"] as? [String])?.contains("swiftui") == true })
            #expect(outcome.stderr.isEmpty)
        }
    }

    @Test func jsonDecodesIntoTheDocumentedShape() async throws {
        struct Document: Decodable {
            struct Question: Decodable {
                let id: String
                let title: String
                let score: Int
            }
            let questions: [Question]
        }
        try await withDevServer { server in
            let outcome = try await NetworkingBinary.run(["questions", "--json"], environment: server.environment())

            let document = try JSONDecoder().decode(Document.self, from: outcome.stdoutData)
            #expect(document.questions.count == 10)
            #expect(document.questions.map(\.score) == document.questions.map(\.score).sorted(by: >))
        }
    }
}

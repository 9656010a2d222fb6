import Foundation
import QuestionsFeature
import Testing

@Suite struct TopQuestionsRendererTests {
    private let sut = TopQuestionsRenderer(now: Samples.now)

    @Test func rendersRankCountsDateOwnerAndTags() {
        let popular = Question(
            id: "65432100", title: "How do I flatten a list of lists?", tags: ["python", "list"], score: 1_520,
            answerCount: 18, viewCount: 1_204_500, isAnswered: true,
            creationDate: Date(timeIntervalSince1970: 1_609_761_600))
        let closed = Question(
            id: "78650033", title: "Why does my @StateObject get recreated?", tags: [], score: -1, answerCount: 1,
            viewCount: 1, isAnswered: false, creationDate: Samples.now.addingTimeInterval(-7_200),
            owner: User(kind: .doesNotExist, displayName: "user12345"), closedReason: "Duplicate")
        let page = QuestionsPage(questions: [popular, closed], hasMore: false)

        #expect(
            sut.render(page, query: QuestionsQuery()) == """
                Top questions tagged [swiftui] on stackoverflow, by votes, highest first, page 1

                1. How do I flatten a list of lists?
                   1.5k votes · 18 answers ✓ · 1.2m views · asked Jan 4, 2021
                   [python] [list]
                2. Why does my @StateObject get recreated? [closed]
                   -1 vote · 1 answer · 1 view · asked 2 hours ago by user12345
                """)
    }

    @Test func ranksContinueAcrossPagesAndAlign() {
        let questions = (0..<3).map { Samples.question(id: Question.ID("\($0)")) }
        let page = QuestionsPage(questions: questions, hasMore: true)

        let lines = sut.render(page, query: QuestionsQuery(pageSize: 4, page: 3)).split(separator: "\n")

        #expect(lines.filter { $0.contains(". SwiftUI") }.map { $0.prefix(4) } == [" 9. ", "10. ", "11. "])
        #expect(lines.contains("    3 votes · 1 answer · 212 views · asked 1 day ago by Zoë Laurent"))
    }

    @Test func notesPagingQuotaAndBackoff() {
        let page = QuestionsPage(
            questions: [], hasMore: true, quotaMax: 10_000, quotaRemaining: 9_871, backoffSeconds: 10)

        #expect(
            sut.render(page, query: QuestionsQuery(order: .ascending, sort: .creation, tagged: [], page: 2)) == """
                Top questions on stackoverflow, oldest first, page 2

                No questions found.

                More questions on page 3.
                API quota: 9,871 of 10,000 requests left today.
                The API asked to wait 10 seconds before loading questions again.
                """)
    }

    @Test func rendersLoadingAndFailure() {
        #expect(sut.render(.loading, query: QuestionsQuery()) == "Loading top questions…")
        #expect(sut.render(.failed(message: "Could not…\nTry."), query: QuestionsQuery()) == "Could not…\nTry.")
    }

    @Test(arguments: [
        (QuestionsQuery.Sort.activity, QuestionsQuery.Order.descending, "by recent activity, newest first"),
        (.creation, .descending, "newest first"),
        (.votes, .ascending, "by votes, lowest first"),
        (.hot, .descending, "hot, hottest first"),
        (.week, .descending, "hot this week, hottest first"),
    ])
    func headingDescribesTheOrder(sort: QuestionsQuery.Sort, order: QuestionsQuery.Order, text: String) {
        let page = QuestionsPage(questions: [], hasMore: false)

        let heading = sut.render(page, query: QuestionsQuery(order: order, sort: sort, tagged: ["swift"]))

        #expect(heading.hasPrefix("Top questions tagged [swift] on stackoverflow, \(text), page 1\n"))
    }
}

import Foundation

/// Renders the top-questions list as terminal text.
///
/// ```text
/// Top questions tagged [swiftui] on stackoverflow, by votes, highest first, page 1
///
/// 1. Why does my @StateObject get recreated when the parent view updates? [closed]
///    -2 votes · 0 answers · 320 views · asked Jun 20, 2024 by dev_null_42
///    [swiftui] [ios]
/// ```
public struct TopQuestionsRenderer: Sendable {
    private let now: Date

    /// Creates a renderer that shows dates relative to `now` (in UTC).
    public init(now: Date) {
        self.now = now
    }

    /// The text for `state`, without a trailing newline.
    public func render(_ state: ViewState<QuestionsPage>, query: QuestionsQuery) -> String {
        switch state {
        case .loading: "Loading top questions…"
        case .loaded(let page): render(page, query: query)
        case .failed(let message, _): message
        }
    }

    /// The list: a heading, one entry per question, then paging, quota and backoff notes.
    public func render(_ page: QuestionsPage, query: QuestionsQuery) -> String {
        var lines = [heading(query), ""]
        if page.questions.isEmpty {
            lines.append("No questions found.")
        }
        let firstRank = max(0, query.page - 1) * max(0, query.pageSize) + 1
        let rankWidth = String(firstRank + max(0, page.questions.count - 1)).count
        let indent = String(repeating: " ", count: rankWidth + 2)
        for (offset, question) in page.questions.enumerated() {
            let rank = String(firstRank + offset)
            let padding = String(repeating: " ", count: max(0, rankWidth - rank.count))
            lines.append("\(padding)\(rank). \(QuestionText.title(question))")
            lines.append(indent + summary(question))
            if !question.tags.isEmpty { lines.append(indent + QuestionText.tags(question)) }
        }
        let notes = footer(page, query: query)
        if !notes.isEmpty { lines += [""] + notes }
        return lines.joined(separator: "\n")
    }

    private func heading(_ query: QuestionsQuery) -> String {
        let tags = query.tagged.isEmpty ? "" : " tagged " + query.tagged.map { "[\($0)]" }.joined(separator: " ")
        let descending = query.order == .descending
        let order: String =
            switch query.sort {
            case .activity: descending ? "by recent activity, newest first" : "by recent activity, oldest first"
            case .creation: descending ? "newest first" : "oldest first"
            case .votes: descending ? "by votes, highest first" : "by votes, lowest first"
            case .hot, .week, .month:
                "\(query.sort == .hot ? "hot" : "hot this \(query.sort.rawValue)"), "
                    + "\(descending ? "hottest" : "coolest") first"
            }
        return "Top questions\(tags) on \(query.site), \(order), page \(query.page)"
    }

    private func summary(_ question: Question) -> String {
        var parts = QuestionText.counts(question)
        var asked = "asked \(DateText.relative(question.creationDate, now: now))"
        if let name = question.owner?.displayName { asked += " by \(name)" }
        parts.append(asked)
        return parts.joined(separator: " · ")
    }

    private func footer(_ page: QuestionsPage, query: QuestionsQuery) -> [String] {
        var notes: [String] = []
        if page.hasMore { notes.append("More questions on page \(query.page + 1).") }
        if let remaining = page.quotaRemaining {
            let maximum = page.quotaMax.map { " of \(GroupedNumber.format($0))" } ?? ""
            notes.append("API quota: \(GroupedNumber.format(remaining))\(maximum) requests left today.")
        }
        if let backoff = page.backoffSeconds {
            notes.append(
                "The API asked to wait \(DateText.counted(backoff, "second")) before loading questions again.")
        }
        return notes
    }
}

/// Text pieces shared by the list and the detail.
enum QuestionText {
    /// The title, marked `[closed]` when closed.
    static func title(_ question: Question) -> String {
        question.isClosed ? "\(question.title) [closed]" : question.title
    }

    /// `[swiftui] [ios]`.
    static func tags(_ question: Question) -> String {
        question.tags.map { "[\($0)]" }.joined(separator: " ")
    }

    /// `["1.2k votes", "3 answers ✓", "12.3k views"]`; the check mark means answered.
    static func counts(_ question: Question) -> [String] {
        let answers = count(question.answerCount, "answer") + (question.isAnswered ? " ✓" : "")
        return [count(question.score, "vote"), answers, count(question.viewCount, "view")]
    }

    /// `1 vote`, `2 votes`, `1.2k votes`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(CompactNumber.format(value)) \(noun)\(value == 1 || value == -1 ? "" : "s")"
    }
}

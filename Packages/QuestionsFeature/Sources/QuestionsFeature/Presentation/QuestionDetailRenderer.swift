import Foundation

/// Renders a question's detail as terminal text: title, tags, counts, dates, owner, avatar, link and body.
///
/// ```text
/// SwiftUI List doesn't update after mutating an @Observable model from a detached Task
/// [swiftui] [swift]
/// 3 votes · 1 answer · 212 views
/// Asked Nov 13, 2024 at 10:05 UTC (2 days ago) by Zoë Laurent (312 reputation)
/// Avatar: PNG, 64x64, 1,204 bytes
/// https://stackoverflow.com/questions/79123456/…
///
/// I moved my view model from `ObservableObject` to the new `@Observable` macro. …
/// ```
public struct QuestionDetailRenderer: Sendable {
    private let now: Date

    /// Creates a renderer that shows dates relative to `now` (in UTC).
    public init(now: Date) {
        self.now = now
    }

    /// The text for `state`, without a trailing newline.
    public func render(_ state: ViewState<QuestionDetail>) -> String {
        switch state {
        case .loading: "Loading question…"
        case .loaded(let detail): render(detail)
        case .failed(let message, _): message
        }
    }

    /// The detail screen.
    public func render(_ detail: QuestionDetail) -> String {
        let question = detail.question
        var lines = [QuestionText.title(question)]
        if !question.tags.isEmpty { lines.append(QuestionText.tags(question)) }
        lines.append(QuestionText.counts(question).joined(separator: " · "))
        lines.append(asked(question))
        if question.isClosed { lines.append(closed(question)) }
        if let avatar = avatarLine(detail) { lines.append(avatar) }
        if let link = question.link { lines.append(link.absoluteString) }
        lines += ["", body(question)]
        return lines.joined(separator: "\n")
    }

    private func asked(_ question: Question) -> String {
        let date = question.creationDate
        let relative = DateText.relative(date, now: now)
        var line = "Asked \(DateText.dayAndTime(date))"
        if relative != DateText.day(date) { line += " (\(relative))" }
        if let owner = question.owner { line += " by " + describe(owner) }
        return line
    }

    private func describe(_ owner: User) -> String {
        let name = owner.displayName ?? "an unnamed user"
        if owner.kind == .doesNotExist { return "\(name) (deleted account)" }
        guard let reputation = owner.reputation else { return name }
        return "\(name) (\(CompactNumber.format(reputation)) reputation)"
    }

    private func closed(_ question: Question) -> String {
        var line = "Closed"
        if let reason = question.closedReason { line += " as \"\(reason)\"" }
        if let date = question.closedDate { line += " on \(DateText.dayAndTime(date))" }
        return line
    }

    private func avatarLine(_ detail: QuestionDetail) -> String? {
        if let avatar = detail.avatar {
            var parts = [avatar.format == .unknown ? "unknown format" : avatar.format.rawValue.uppercased()]
            if let width = avatar.width, let height = avatar.height { parts.append("\(width)x\(height)") }
            parts.append("\(GroupedNumber.format(avatar.byteCount)) byte\(avatar.byteCount == 1 ? "" : "s")")
            return "Avatar: " + parts.joined(separator: ", ")
        }
        if let error = detail.avatarError { return "Avatar: not loaded (\(error))" }
        return detail.question.owner.map { _ in "Avatar: none" }
    }

    private func body(_ question: Question) -> String {
        guard let html = question.bodyHTML else { return "(The response did not include the question's body.)" }
        let text = HTMLText.plainText(fromHTML: html)
        return text.isEmpty ? "(The question's body is empty.)" : text
    }
}

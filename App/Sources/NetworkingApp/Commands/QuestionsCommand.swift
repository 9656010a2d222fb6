import CommandLineKit
import Foundation
import NetworkingComposition
import QuestionsFeature

/// `networking questions`: the top-questions list, as a table or a JSON document.
struct QuestionsCommand {
    let composer: QuestionsFeatureComposer
    let console: Console
    let now: Date

    static let failureAction = "Could not load the top questions"

    func run(_ options: QuestionsOptions) async -> ExitStatus {
        let query = Self.query(from: options)
        if options.json {
            do {
                let page = try await composer.loadQuestions(query)
                console.writeDocument(try JSONOutput.render(QuestionsDocument(query: query, page: page)))
                return .success
            } catch {
                return Report.failure(Self.failureAction, error, console: console)
            }
        }
        let renderer = TopQuestionsRenderer(now: now)
        var status = ExitStatus.success
        for await state in TopQuestionsViewModel(loadQuestions: composer.loadQuestions).load(query) {
            switch state {
            case .loading:
                if console.showsProgress { console.writeError(renderer.render(state, query: query) + "\n") }
            case .loaded:
                console.writeOutput(renderer.render(state, query: query) + "\n")
            case .failed(_, let error):
                guard let error else {
                    console.writeError(
                        "networking: \(FailureClassifier.oneLine(renderer.render(state, query: query)))\n")
                    return .networkFailure
                }
                status = Report.failure(Self.failureAction, error, console: console)
            }
        }
        return status
    }

    /// The feature's defaults, overridden by what the command line set.
    static func query(from options: QuestionsOptions) -> QuestionsQuery {
        var query = QuestionsQuery()
        if let tagged = options.tagged {
            query.tagged = tagged.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        if let pageSize = options.pageSize { query.pageSize = pageSize }
        if let page = options.page { query.page = page }
        if let sort = options.sort { query.sort = sort }
        if let site = options.site { query.site = site }
        return query
    }
}

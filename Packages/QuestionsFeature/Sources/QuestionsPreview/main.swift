import Foundation
import QuestionsFeature

// Renders the top-questions list and the question detail from built-in sample data: no network, no server.

struct SampleFailure: LocalizedError {
    var errorDescription: String? {
        "The Stack Exchange API refused the request: too many requests from this IP, more requests available in "
            + "30 seconds (throttle_violation, error 502)."
    }
    var recoverySuggestion: String? { "Wait 30 seconds before trying again." }
}

struct CDNUnreachable: LocalizedError {
    var errorDescription: String? { "Could not connect to the server (Connection refused)" }
}

func section(_ title: String) {
    print("\n== \(title)\n")
}

let query = QuestionsQuery()
let list = TopQuestionsRenderer(now: SampleData.now)
let detail = QuestionDetailRenderer(now: SampleData.now)

section("Top questions: states while loading")
for await state in TopQuestionsViewModel(loadQuestions: { _ in SampleData.page }).load(query) {
    print(list.render(state, query: query))
    print()
}

section("Top questions: failure")
for await state in TopQuestionsViewModel(loadQuestions: { _ in throw SampleFailure() }).load(query) {
    print(list.render(state, query: query))
}

let questions = Dictionary(uniqueKeysWithValues: SampleData.page.questions.map { ($0.id, $0) })
let detailModel = QuestionDetailViewModel(
    loadQuestion: { id in
        guard let question = questions[id] else { throw SampleFailure() }
        return question
    },
    loadAvatar: { _ in SampleData.avatar })

for id in [SampleData.observable.id, SampleData.duplicate.id, SampleData.deletedOwner.id] {
    section("Question \(id)")
    for await state in detailModel.load(id) {
        print(detail.render(state))
    }
}

section("Question whose avatar fails to load")
let failingAvatar = QuestionDetailViewModel(
    loadQuestion: { _ in SampleData.observable },
    loadAvatar: { _ in throw CDNUnreachable() })
for await state in failingAvatar.load(SampleData.observable.id) {
    if case .loaded = state { print(detail.render(state)) }
}

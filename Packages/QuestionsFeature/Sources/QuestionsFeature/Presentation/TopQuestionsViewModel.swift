/// Loads a page of top questions and reports what to show, state by state.
///
/// ```swift
/// let model = TopQuestionsViewModel(loadQuestions: { query in try await client.loadQuestions(query) })
/// for await state in model.load(QuestionsQuery()) { print(renderer.render(state, query: query)) }
/// ```
public struct TopQuestionsViewModel: Sendable {
    /// Loads one page of questions.
    public typealias LoadQuestions = @Sendable (QuestionsQuery) async throws -> QuestionsPage

    private let loadQuestions: LoadQuestions

    /// Creates a view model that loads pages with `loadQuestions`.
    public init(loadQuestions: @escaping LoadQuestions) {
        self.loadQuestions = loadQuestions
    }

    /// Yields ``ViewState/loading``, then `.loaded(page)` or `.failed`, then finishes.
    public func load(_ query: QuestionsQuery = QuestionsQuery()) -> AsyncStream<ViewState<QuestionsPage>> {
        let loadQuestions = loadQuestions
        return ViewState.stream(failure: "Could not load the top questions") { try await loadQuestions(query) }
    }
}

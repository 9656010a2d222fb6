/// Loads a question and its owner's avatar and reports what to show, state by state.
public struct QuestionDetailViewModel: Sendable {
    private let loader: QuestionDetailLoader

    /// Creates a view model that loads through `loader` (share one loader to share its loading guard).
    public init(loader: QuestionDetailLoader) {
        self.loader = loader
    }

    /// Creates a view model with its own ``QuestionDetailLoader``.
    public init(
        loadQuestion: @escaping QuestionDetailLoader.LoadQuestion,
        loadAvatar: @escaping QuestionDetailLoader.LoadAvatar
    ) {
        self.init(loader: QuestionDetailLoader(loadQuestion: loadQuestion, loadAvatar: loadAvatar))
    }

    /// Yields ``ViewState/loading``, then `.loaded(detail)` or `.failed`, then finishes.
    public func load(_ id: Question.ID) -> AsyncStream<ViewState<QuestionDetail>> {
        let loader = loader
        return ViewState.stream(failure: "Could not load question \(id)") { try await loader.load(id) }
    }
}

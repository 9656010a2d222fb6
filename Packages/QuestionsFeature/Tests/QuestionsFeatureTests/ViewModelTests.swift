import Foundation
import HTTPClientTestSupport
import QuestionsFeature
import Testing

@Suite struct ViewModelTests {
    @Test func topQuestionsShowLoadingThenThePage() async {
        let page = QuestionsPage(questions: [Samples.question()], hasMore: false)
        let queries = RecordedValues<QuestionsQuery>()
        let sut = TopQuestionsViewModel(loadQuestions: { query in
            queries.append(query)
            return page
        })

        let states = await collect(sut.load(QuestionsQuery(tagged: ["swift"])))

        #expect(states == [.loading, .loaded(page)])
        #expect(queries.values == [QuestionsQuery(tagged: ["swift"])])
    }

    @Test func topQuestionsShowLoadingWhileInFlight() async throws {
        let gate = Gate()
        let page = QuestionsPage(questions: [], hasMore: false)
        let sut = TopQuestionsViewModel(loadQuestions: { _ in
            try await gate.wait()
            return page
        })
        var states = sut.load().makeAsyncIterator()

        #expect(await states.next() == .loading)
        await gate.open()
        #expect(await states.next() == .loaded(page))
        #expect(await states.next() == nil)
    }

    @Test func topQuestionsFailureSaysWhatFailedAndWhatToDo() async {
        let sut = TopQuestionsViewModel(loadQuestions: { _ in throw DescribedError() })

        let states = await collect(sut.load())

        #expect(
            states == [.loading, .failed(message: "Could not load the top questions: Throttled.\nWait 30 seconds.")])
    }

    @Test func aFailedStateKeepsTheErrorThatWasThrown() async throws {
        let sut = TopQuestionsViewModel(loadQuestions: { _ in throw SampleError(description: "offline") })

        let states = await collect(sut.load())

        guard case .failed(_, let error) = states.last else {
            Issue.record("expected a failure, got \(states)")
            return
        }
        #expect((error as? SampleError)?.description == "offline")
    }

    @Test func failedStatesAreEqualWhenTheirMessagesAre() {
        let state = ViewState<Int>.failed(message: "m", error: SampleError(description: "e"))

        #expect(state == .failed(message: "m"))
        #expect(state != .failed(message: "other", error: SampleError(description: "e")))
    }

    @Test func failureWithoutSuggestionGetsAGenericHint() async {
        let sut = TopQuestionsViewModel(loadQuestions: { _ in throw SampleError(description: "offline") })

        let states = await collect(sut.load())

        #expect(
            states.last
                == .failed(
                    message:
                        "Could not load the top questions: offline\n"
                        + "Check the network connection and that the server is running, then try again."
                ))
    }

    @Test func detailShowsLoadingThenTheQuestionWithItsAvatar() async {
        let sut = QuestionDetailViewModel(
            loadQuestion: { id in Samples.question(id: id) },
            loadAvatar: { _ in Samples.avatar })

        let states = await collect(sut.load("79123456"))

        #expect(states == [.loading, .loaded(QuestionDetail(question: Samples.question(), avatar: Samples.avatar))])
    }

    @Test func detailFailureNamesTheQuestion() async throws {
        let sut = QuestionDetailViewModel(
            loadQuestion: { _ in throw DescribedError() },
            loadAvatar: { _ in Samples.avatar })

        let states = await collect(sut.load("42"))

        #expect(states.last == .failed(message: "Could not load question 42: Throttled.\nWait 30 seconds."))
    }

    @Test func viewModelsSharingALoaderShareItsGuard() async throws {
        let gate = Gate()
        let calls = RecordedValues<Question.ID>()
        let loader = QuestionDetailLoader(
            loadQuestion: { id in
                calls.append(id)
                try await gate.wait()
                return Samples.question(id: id)
            },
            loadAvatar: { _ in Samples.avatar })
        let (first, second) = (QuestionDetailViewModel(loader: loader), QuestionDetailViewModel(loader: loader))

        async let firstStates = collect(first.load("7"))
        async let secondStates = collect(second.load("7"))
        while await loader.waitingCallers(for: "7") < 2 { await Task.yield() }
        await gate.open()

        let (firstShown, secondShown) = await (firstStates, secondStates)
        #expect(firstShown == secondShown)
        #expect(calls.count == 1)
    }

    private func collect<Value>(_ stream: AsyncStream<ViewState<Value>>) async -> [ViewState<Value>] {
        var states: [ViewState<Value>] = []
        for await state in stream { states.append(state) }
        return states
    }
}

private struct DescribedError: LocalizedError {
    var errorDescription: String? { "Throttled." }
    var recoverySuggestion: String? { "Wait 30 seconds." }
}

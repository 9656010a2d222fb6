import Foundation
import HTTPClientTestSupport
import Testing
import TokenFeature

@Suite struct TokenViewModelTests {
    @Test func loadShowsLoadingThenTheToken() async {
        let sut = makeSUT(loadToken: { "initial-token" })

        #expect(await collect(sut.load()) == [.loading, .loaded(token: "initial-token")])
    }

    @Test func loadShowsLoadingWhileTheTokenIsInFlight() async throws {
        let gate = Gate()
        let sut = makeSUT(loadToken: {
            try await gate.wait()
            return "late-token"
        })
        var iterator = sut.load().makeAsyncIterator()

        #expect(await iterator.next() == .loading)
        await gate.open()
        #expect(await iterator.next() == .loaded(token: "late-token"))
        #expect(await iterator.next() == nil)
    }

    @Test func loadFailureShowsTheErrorsDescriptionAndSuggestion() async {
        let sut = makeSUT(loadToken: {
            throw DescribedError(reason: "The server rejected the access token (HTTP 401).")
        })

        let states = await collect(sut.load())

        #expect(
            states == [
                .loading,
                .failed(
                    message: "Could not load the token: The server rejected the access token (HTTP 401).\nDo this."),
            ])
    }

    @Test func loadFailureWithoutSuggestionAddsAGenericActionableHint() async throws {
        let sut = makeSUT(loadToken: { throw PlainError() })

        let states = await collect(sut.load())

        let message = try #require(failureMessage(in: states))
        #expect(message.hasPrefix("Could not load the token: plain failure\n"))
        #expect(message.contains("Check that the token server is running and reachable"))
    }

    @Test func loadCallsTheClosureOnce() async {
        let calls = RecordedValues<Void>()
        let sut = makeSUT(loadToken: {
            calls.append(())
            return "t"
        })

        _ = await collect(sut.load())

        #expect(calls.count == 1)
    }

    @Test func stoppingTheIterationCancelsTheLoadAndShowsNoFailure() async throws {
        let started = Gate()
        let gate = Gate()
        let cancelled = RecordedValues<Bool>()
        let sut = makeSUT(loadToken: {
            await started.open()
            do {
                try await gate.wait()
            } catch {
                cancelled.append(error is CancellationError)
                throw error
            }
            return "never"
        })
        let consumer = Task { await collect(sut.load()) }
        try await started.wait()

        consumer.cancel()
        let states = await consumer.value

        #expect(states == [.loading])
        #expect(cancelled.values == [true])
    }

    @Test func updateShowsUpdatingThenUpdatedAndSendsTheToken() async {
        let sent = RecordedValues<String>()
        let sut = makeSUT(updateToken: { sent.append($0) })

        let states = await collect(sut.update(to: "new-token"))

        #expect(states == [.updating, .updated(token: "new-token")])
        #expect(sent.values == ["new-token"])
    }

    @Test func updateFailureShowsAMessage() async throws {
        let sut = makeSUT(updateToken: { _ in throw DescribedError(reason: "Nope.") })

        let states = await collect(sut.update(to: "x"))

        #expect(states == [.updating, .failed(message: "Could not update the token: Nope.\nDo this.")])
    }

    @Test func aFailedStateKeepsTheErrorThatWasThrown() async throws {
        let sut = makeSUT(loadToken: { throw DescribedError(reason: "Nope.") })

        let states = await collect(sut.load())

        guard case .failed(_, let error) = states.last else {
            Issue.record("expected a failure, got \(states)")
            return
        }
        #expect((error as? DescribedError)?.reason == "Nope.")
        #expect(states.last == .failed(message: "Could not load the token: Nope.\nDo this."))
    }

    @Test func updateWithAnEmptyTokenFailsWithoutCallingTheServer() async throws {
        let sent = RecordedValues<String>()
        let sut = makeSUT(updateToken: { sent.append($0) })

        let states = await collect(sut.update(to: ""))

        let message = try #require(failureMessage(in: states))
        #expect(message.hasPrefix("Could not update the token: The new token is empty."))
        #expect(sent.count == 0)
    }

    // MARK: - Helpers

    private func makeSUT(
        loadToken: @escaping TokenViewModel.LoadToken = { "token" },
        updateToken: @escaping TokenViewModel.UpdateToken = { _ in }
    ) -> TokenViewModel {
        TokenViewModel(loadToken: loadToken, updateToken: updateToken)
    }
}

func collect(_ stream: AsyncStream<TokenViewState>) async -> [TokenViewState] {
    var states: [TokenViewState] = []
    for await state in stream { states.append(state) }
    return states
}

func failureMessage(in states: [TokenViewState]) -> String? {
    for case .failed(let message, _) in states { return message }
    return nil
}

struct DescribedError: LocalizedError {
    let reason: String
    var errorDescription: String? { reason }
    var recoverySuggestion: String? { "Do this." }
}

struct PlainError: Error, CustomStringConvertible {
    var description: String { "plain failure" }
}

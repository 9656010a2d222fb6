import Foundation
import HTTPClientTestSupport
import QuestionsFeature
import Testing

@Suite struct QuestionDetailLoaderCancellationTests {
    @Test func cancellingOneOfTwoCallersKeepsTheSharedLoadGoing() async throws {
        let gate = Gate()
        let started = Gate()
        let questionCalls = RecordedValues<Question.ID>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                questionCalls.append(id)
                await started.open()
                try await gate.wait()
                return Samples.question(id: id)
            },
            loadAvatar: { _ in Samples.avatar })

        let cancelled = Task { try await sut.load("1") }
        try await started.wait()
        let kept = Task { try await sut.load("1") }
        await waitUntil { await sut.waitingCallers(for: "1") == 2 }
        cancelled.cancel()
        await waitUntil { await sut.waitingCallers(for: "1") == 1 }
        await gate.open()

        #expect(try await kept.value.question.id == "1")
        #expect(questionCalls.count == 1)
    }

    @Test func cancellingTheOnlyCallerCancelsTheLoad() async throws {
        let started = Gate()
        let sawCancellation = RecordedValues<Bool>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                await started.open()
                do {
                    try await Gate().wait()
                } catch {
                    sawCancellation.append(error is CancellationError)
                    throw error
                }
                return Samples.question(id: id)
            },
            loadAvatar: { _ in Samples.avatar })

        let load = Task { try await sut.load("1") }
        try await started.wait()
        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(sawCancellation.values == [true])
    }

    /// Yields until `condition` holds: the loader's state is the signal, no time passes.
    private func waitUntil(_ condition: () async -> Bool) async {
        while await !condition() { await Task.yield() }
    }
}

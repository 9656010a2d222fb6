import Foundation
import HTTPClientTestSupport
import QuestionsFeature
import Testing

@Suite struct QuestionDetailLoaderTests {
    @Test func loadsTheQuestionThenTheOwnersAvatar() async throws {
        let events = RecordedValues<String>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                events.append("question \(id)")
                return Samples.question(id: id)
            },
            loadAvatar: { url in
                events.append("avatar \(url.absoluteString)")
                return Samples.avatar
            })

        let detail = try await sut.load("79123456")

        #expect(detail == QuestionDetail(question: Samples.question(), avatar: Samples.avatar))
        #expect(events.values == ["question 79123456", "avatar https://i.sstatic.net/zoe-laurent.png?s=256"])
    }

    @Test func startsTheAvatarOnlyAfterTheQuestionArrived() async throws {
        let questionGate = Gate()
        let questionStarted = Gate()
        let avatarCalls = RecordedValues<URL>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                await questionStarted.open()
                try await questionGate.wait()
                return Samples.question(id: id)
            },
            loadAvatar: { url in
                avatarCalls.append(url)
                return Samples.avatar
            })

        let load = Task { try await sut.load("79123456") }
        try await questionStarted.wait()
        #expect(avatarCalls.count == 0)

        await questionGate.open()
        _ = try await load.value
        #expect(avatarCalls.values == [Samples.avatarURL])
    }

    @Test(arguments: [
        Optional<User>.none,
        User(kind: .doesNotExist, displayName: "user12345"),
        User(id: "1", kind: .registered, displayName: "No Picture", reputation: 10),
    ])
    func skipsTheAvatarWhenThereIsNoProfileImage(owner: User?) async throws {
        let avatarCalls = RecordedValues<URL>()
        let question = Samples.question(owner: owner, profileImage: nil)
        let sut = QuestionDetailLoader(
            loadQuestion: { _ in question },
            loadAvatar: { url in
                avatarCalls.append(url)
                return Samples.avatar
            })

        let detail = try await sut.load(question.id)

        #expect(detail == QuestionDetail(question: question))
        #expect(avatarCalls.count == 0)
    }

    @Test func aSecondLoadWhileTheFirstIsInFlightSharesItInsteadOfLoadingAgain() async throws {
        let gate = Gate()
        let questionCalls = RecordedValues<Question.ID>()
        let avatarCalls = RecordedValues<URL>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                questionCalls.append(id)
                try await gate.wait()
                return Samples.question(id: id)
            },
            loadAvatar: { url in
                avatarCalls.append(url)
                return Samples.avatar
            })

        let first = Task { try await sut.load("79123456") }
        let second = Task { try await sut.load("79123456") }
        await waitUntil { await sut.waitingCallers(for: "79123456") == 2 }
        await gate.open()
        let (firstDetail, secondDetail) = (try await first.value, try await second.value)

        #expect(firstDetail == secondDetail)
        #expect(questionCalls.values == ["79123456"])
        #expect(avatarCalls.count == 1)
    }

    @Test func aLoadAfterTheFirstFinishedStartsAgain() async throws {
        let questionCalls = RecordedValues<Question.ID>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                questionCalls.append(id)
                return Samples.question(id: id)
            },
            loadAvatar: { _ in Samples.avatar })

        _ = try await sut.load("1")
        _ = try await sut.load("1")

        #expect(questionCalls.values == ["1", "1"])
        #expect(await sut.isLoading("1") == false)
    }

    @Test func differentQuestionsLoadIndependently() async throws {
        let gate = Gate()
        let questionCalls = RecordedValues<Question.ID>()
        let sut = QuestionDetailLoader(
            loadQuestion: { id in
                questionCalls.append(id)
                if id == "1" { try await gate.wait() }
                return Samples.question(id: id)
            },
            loadAvatar: { _ in Samples.avatar })

        let slow = Task { try await sut.load("1") }
        let other = try await sut.load("2")
        await gate.open()
        let first = try await slow.value

        #expect(other.question.id == "2")
        #expect(first.question.id == "1")
        #expect(Set(questionCalls.values) == ["1", "2"])
    }

    @Test func aFailedAvatarStillShowsTheQuestion() async throws {
        let sut = QuestionDetailLoader(
            loadQuestion: { id in Samples.question(id: id) },
            loadAvatar: { _ in throw SampleError(description: "The image server answered with HTTP 404.") })

        let detail = try await sut.load("79123456")

        #expect(detail.question == Samples.question())
        #expect(detail.avatar == nil)
        #expect(detail.avatarError == "The image server answered with HTTP 404.")
    }

    @Test func aFailedQuestionFailsTheLoadAndEndsTheGuard() async throws {
        let sut = QuestionDetailLoader(
            loadQuestion: { _ in throw SampleError(description: "offline") },
            loadAvatar: { _ in Samples.avatar })

        await #expect(throws: SampleError.self) { try await sut.load("1") }
        #expect(await sut.isLoading("1") == false)
    }

    /// Yields until `condition` holds: the loader's state is the signal, no time passes.
    private func waitUntil(_ condition: () async -> Bool) async {
        while await !condition() { await Task.yield() }
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

/// Endpoints and mappers wired into the loader the way the composition root does it: one scripted client
/// for the API, one per CDN origin.
@Suite struct QuestionDetailWiringTests {
    @Test func loadsTheQuestionFromTheAPIThenTheAvatarFromItsCDN() async throws {
        let api = ScriptedHTTPClient(replies: [.response(try Fixtures.question("79123456"), ok)])
        let cdn = ScriptedHTTPClient(replies: [.response(try Fixtures.avatarPNG, png)])
        let sut = makeSUT(api: api, cdns: ["https://i.sstatic.net": cdn])

        let detail = try await sut.loader.load("79123456")

        #expect(await api.requests == [HTTPRequestSnapshot(QuestionsAPI.question(id: "79123456"))])
        let avatarRequest = try #require(await cdn.requests.first)
        #expect(avatarRequest.path == "zoe-laurent.png")
        #expect(avatarRequest.version == "")
        #expect(avatarRequest.queryParameter == ["s": "256"])
        #expect(sut.log.values == ["api questions/79123456", "https://i.sstatic.net zoe-laurent.png"])
        #expect(detail.question.owner?.displayName == "Zoë Laurent")
        #expect(detail.avatar?.format == .png)
        #expect(detail.avatar?.width == 64)
    }

    @Test func theAvatarRequestWaitsForTheQuestion() async throws {
        let gate = Gate()
        let api = ScriptedHTTPClient(replies: [.after(gate, .response(try Fixtures.question("79123456"), ok))])
        let cdn = ScriptedHTTPClient(replies: [.response(try Fixtures.avatarPNG, png)])
        let sut = makeSUT(api: api, cdns: ["https://i.sstatic.net": cdn])

        let load = Task { try await sut.loader.load("79123456") }
        await api.waitForRequests(count: 1)
        #expect(await cdn.requests.isEmpty)

        await gate.open()
        _ = try await load.value
        #expect(await cdn.requests.count == 1)
    }

    @Test func aDuplicateLoadWhileInFlightSendsOneRequestPerHost() async throws {
        let gate = Gate()
        let api = ScriptedHTTPClient(replies: [.after(gate, .response(try Fixtures.question("79123456"), ok))])
        let cdn = ScriptedHTTPClient(replies: [.response(try Fixtures.avatarPNG, png)])
        let sut = makeSUT(api: api, cdns: ["https://i.sstatic.net": cdn])

        async let first = sut.loader.load("79123456")
        async let second = sut.loader.load("79123456")
        await api.waitForRequests(count: 1)
        while await sut.loader.waitingCallers(for: "79123456") < 2 { await Task.yield() }
        await gate.open()
        let (one, two) = try await (first, second)

        #expect(one == two)
        #expect(await api.requests.count == 1)
        #expect(await cdn.requests.count == 1)
    }

    @Test func aDeletedOwnerNeedsNoAvatarRequest() async throws {
        let api = ScriptedHTTPClient(replies: [.response(try Fixtures.question("79113987"), ok)])
        let sut = makeSUT(api: api, cdns: [:])

        let detail = try await sut.loader.load("79113987")

        #expect(detail.avatar == nil && detail.avatarError == nil)
        #expect(sut.log.values == ["api questions/79113987"])
    }

    @Test func aMissingAvatarStillShowsTheQuestion() async throws {
        let api = ScriptedHTTPClient(replies: [.response(try Fixtures.question("79123456"), ok)])
        let cdn = ScriptedHTTPClient(replies: [.status(404, body: "no such avatar")])
        let sut = makeSUT(api: api, cdns: ["https://i.sstatic.net": cdn])

        let detail = try await sut.loader.load("79123456")

        #expect(detail.avatar == nil)
        #expect(detail.avatarError == "The image server answered with HTTP 404.")
    }

    @Test func anAPIErrorFailsTheLoadWithTheAPIsMessage() async throws {
        let api = ScriptedHTTPClient(replies: [.response(try Fixtures.throttleViolation, HTTPResponse(statusCode: 400))]
        )
        let sut = makeSUT(api: api, cdns: [:])

        let states = await collect(QuestionDetailViewModel(loader: sut.loader).load("79123456"))

        #expect(
            states.last
                == .failed(
                    message: """
                        Could not load question 79123456: The Stack Exchange API refused the request: \
                        too many requests from this IP, more requests available in 30 seconds \
                        (throttle_violation, error 502).
                        Wait 30 seconds before trying again.
                        """))
    }

    @Test func theListGoesThroughTheSameClient() async throws {
        let api = ScriptedHTTPClient(replies: [.response(try Fixtures.questionsPage, ok)])
        let loadQuestions: TopQuestionsViewModel.LoadQuestions = { query in
            let (data, response) = try await api.load(request: QuestionsAPI.topQuestions(query))
            return try QuestionsMapper.map(data: data, response: response)
        }

        let states = await collect(TopQuestionsViewModel(loadQuestions: loadQuestions).load(QuestionsQuery()))

        #expect(await api.requests == [HTTPRequestSnapshot(QuestionsAPI.topQuestions(QuestionsQuery()))])
        guard case .loaded(let page) = states.last else {
            Issue.record("expected a page, got \(states)")
            return
        }
        #expect(page.questions.count == 9)
    }

    // MARK: - Helpers

    private let ok = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json; charset=utf-8"])
    private let png = HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"])

    private struct SUT {
        let loader: QuestionDetailLoader
        let log: RecordedValues<String>
    }

    private struct NoClientForOrigin: Error {
        let origin: URL
    }

    /// The composition root's wiring: the API client for questions, a client per origin for avatars.
    private func makeSUT(api: ScriptedHTTPClient, cdns: [String: ScriptedHTTPClient]) -> SUT {
        let log = RecordedValues<String>()
        let loader = QuestionDetailLoader(
            loadQuestion: { id in
                let request = QuestionsAPI.question(id: id)
                log.append("api \(request.path)")
                let (data, response) = try await api.load(request: request)
                return try QuestionMapper.map(data: data, response: response, id: id)
            },
            loadAvatar: { url in
                let request = try AvatarRequest(url: url)
                log.append("\(request.origin.absoluteString) \(request.path)")
                guard let cdn = cdns[request.origin.absoluteString] else {
                    throw NoClientForOrigin(origin: request.origin)
                }
                let (data, response) = try await cdn.load(request: request)
                return try AvatarMapper.map(data: data, response: response)
            })
        return SUT(loader: loader, log: log)
    }

    private func collect<Value>(_ stream: AsyncStream<ViewState<Value>>) async -> [ViewState<Value>] {
        var states: [ViewState<Value>] = []
        for await state in stream { states.append(state) }
        return states
    }
}

import HTTPClient
import HTTPClientTestSupport
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@Suite struct QuestionsAPITests {
    @Test func topQuestionsDefaultsToTheRESTArticlesQuery() {
        let request = HTTPRequestSnapshot(QuestionsAPI.topQuestions(QuestionsQuery()))

        #expect(request.method == .get)
        #expect(request.version == "2.3")
        #expect(request.path == "questions")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(
            request.queryParameter == [
                "site": "stackoverflow", "order": "desc", "sort": "votes", "tagged": "swiftui", "pagesize": "10",
                "page": "1",
            ])
        #expect(request.body == nil)
    }

    @Test func topQuestionsSendsEveryQueryParameter() {
        let query = QuestionsQuery(
            site: "serverfault", order: .ascending, sort: .creation, tagged: ["swift", "async-await"], pageSize: 25,
            page: 3)

        #expect(
            QuestionsAPI.topQuestions(query).queryParameter == [
                "site": "serverfault", "order": "asc", "sort": "creation", "tagged": "swift;async-await",
                "pagesize": "25", "page": "3",
            ])
    }

    @Test func eachEndpointNamesTheAPIMethodItCalls() {
        #expect(QuestionsAPI.topQuestions(QuestionsQuery()).apiMethod == "questions")
        #expect(QuestionsAPI.question(id: "79123456").apiMethod == "questions/{ids}")
    }

    @Test func eachEndpointStatesItsPathWithTheIdsAsAPlaceholder() {
        #expect(QuestionsAPI.topQuestions(QuestionsQuery()).urlTemplate == "/2.3/questions")
        #expect(QuestionsAPI.question(id: "79123456").urlTemplate == "/2.3/questions/{ids}")
    }

    @Test func topQuestionsWithoutTagsLeavesTaggedOut() {
        #expect(QuestionsAPI.topQuestions(QuestionsQuery(tagged: [])).queryParameter?["tagged"] == nil)
    }

    @Test func questionAsksForOneQuestionWithItsBody() {
        let request = HTTPRequestSnapshot(QuestionsAPI.question(id: "79123456"))

        #expect(request.method == .get)
        #expect(request.version == "2.3")
        #expect(request.path == "questions/79123456")
        #expect(request.headers == ["Accept": "application/json"])
        #expect(request.queryParameter == ["site": "stackoverflow", "filter": "withbody"])
        #expect(request.body == nil)
    }

    @Test func questionOnAnotherSite() {
        #expect(QuestionsAPI.question(id: "1", site: "superuser").queryParameter?["site"] == "superuser")
    }
}

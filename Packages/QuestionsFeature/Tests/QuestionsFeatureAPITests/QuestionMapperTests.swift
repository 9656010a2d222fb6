import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@Suite struct QuestionMapperTests {
    @Test func mapsTheQuestionWithItsBodyAndOwner() throws {
        let question = try QuestionMapper.map(data: try Fixtures.question("79123456"), response: ok, id: "79123456")

        #expect(
            question.title == "SwiftUI List doesn't update after mutating an @Observable model from a detached Task")
        #expect(question.owner?.displayName == "Zoë Laurent")
        #expect(question.owner?.profileImage == URL(string: "https://i.sstatic.net/zoe-laurent.png?s=256"))
        let body = try #require(question.bodyHTML)
        #expect(body.hasPrefix("<p>I moved my view model from <code>ObservableObject</code>"))
        #expect(
            body.contains("<pre class=\"lang-swift prettyprint-override\"><code>@Observable\nfinal class FeedModel {"))
    }

    @Test func mapsAClosedQuestion() throws {
        let question = try QuestionMapper.map(data: try Fixtures.question("78650033"), response: ok, id: "78650033")

        #expect(question.closedReason == "Duplicate")
        #expect(question.bodyHTML?.contains("@StateObject var model = ChildModel()") == true)
    }

    @Test func mapsAQuestionOfADeletedUser() throws {
        let question = try QuestionMapper.map(data: try Fixtures.question("79113987"), response: ok, id: "79113987")

        #expect(question.owner == User(kind: .doesNotExist, displayName: "user12345"))
        #expect(question.title == "Xcode 16 can't resolve a local Swift package that uses a relative path dependency")
    }

    @Test func noItemsMeansNotFound() {
        let empty = Fixtures.json(#"{"items":[],"has_more":false,"quota_max":10000,"quota_remaining":9990}"#)

        #expect(throws: QuestionMapper.Error.notFound("404404")) {
            try QuestionMapper.map(data: empty, response: ok, id: "404404")
        }
    }

    @Test func anotherQuestionThanTheOneAskedForIsNotFound() throws {
        #expect(throws: QuestionMapper.Error.notFound("1")) {
            try QuestionMapper.map(data: try Fixtures.question("79123456"), response: ok, id: "1")
        }
    }

    @Test func matchesAnIdentifierSentAsAString() throws {
        let json = Fixtures.json(
            #"{"items":[{"question_id":"42","title":"t","tags":[],"score":0,"answer_count":0,"view_count":0,"#
                + #""is_answered":true,"creation_date":1}],"has_more":false}"#
        )

        #expect(try QuestionMapper.map(data: json, response: ok, id: "42").isAnswered)
    }

    @Test func anErrorObjectBecomesTheAPIsError() throws {
        let noMethod = Fixtures.json(
            #"{"error_id":404,"error_message":"no method found with this name","error_name":"no_method"}"#)

        #expect(throws: StackExchangeAPIError(id: 404, name: "no_method", message: "no method found with this name")) {
            try QuestionMapper.map(data: noMethod, response: HTTPResponse(statusCode: 400), id: "abc")
        }
    }

    @Test func failuresMatchTheListMapper() {
        #expect(throws: QuestionMapper.Error.unexpectedStatus(502)) {
            try QuestionMapper.map(data: Data("Bad Gateway".utf8), response: HTTPResponse(statusCode: 502), id: "1")
        }
        #expect(throws: QuestionMapper.Error.compressedBody) {
            try QuestionMapper.map(data: Data([0x1F, 0x8B]), response: ok, id: "1")
        }
        #expect(throws: QuestionMapper.Error.invalidData("The given data was not valid JSON.")) {
            try QuestionMapper.map(data: Data(#"{"items":["#.utf8), response: ok, id: "1")
        }
    }

    @Test func notFoundReadsWell() {
        #expect(
            QuestionMapper.Error.notFound("42").localizedDescription
                == "Question 42 was not found: it may have been deleted, or the ID is wrong.")
        #expect(QuestionMapper.Error.notFound("42").recoverySuggestion == "Check the question ID.")
    }

    private let ok = HTTPResponse(statusCode: 200)
}

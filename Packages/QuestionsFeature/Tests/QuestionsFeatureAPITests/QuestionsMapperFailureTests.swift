import Foundation
import HTTPClient
import QuestionsFeature
import QuestionsFeatureAPI
import Testing

@Suite struct QuestionsMapperFailureTests {
    @Test(arguments: [400, 200])
    func anErrorObjectBecomesTheAPIsError(status: Int) throws {
        #expect(
            throws: StackExchangeAPIError(
                id: 502, name: "throttle_violation",
                message: "too many requests from this IP, more requests available in 30 seconds")
        ) {
            try QuestionsMapper.map(data: try Fixtures.throttleViolation, response: HTTPResponse(statusCode: status))
        }
    }

    @Test func aBadParameterKeepsTheAPIsMessage() throws {
        #expect(
            throws: StackExchangeAPIError(
                id: 400, name: "bad_parameter", message: "No site found for name `stackoverflw`")
        ) {
            try QuestionsMapper.map(data: try Fixtures.badParameter, response: HTTPResponse(statusCode: 400))
        }
    }

    @Test(arguments: [
        (400, "{}"), (404, "no such thing"), (500, "<html><body>Internal Server Error</body></html>"), (503, ""),
        (302, #"{"items":[],"has_more":false}"#), (429, #"{"error_id":502}"#),
    ])
    func otherStatusesOutside2xxFailWithTheStatus(status: Int, body: String) {
        #expect(throws: QuestionsMapper.Error.unexpectedStatus(status)) {
            try QuestionsMapper.map(data: Data(body.utf8), response: HTTPResponse(statusCode: status))
        }
    }

    @Test func truncatedJSONIsInvalidData() throws {
        let truncated = try Fixtures.questionsPage.prefix(300)

        #expect(throws: QuestionsMapper.Error.self) {
            try QuestionsMapper.map(data: Data(truncated), response: ok)
        }
        #expect(isInvalidData { try QuestionsMapper.map(data: Data(truncated), response: ok) })
    }

    @Test func aMissingRequiredFieldNamesWhereItIsMissing() {
        let json = Fixtures.json(#"{"items":[{"question_id":1,"title":"t"}],"has_more":false}"#)

        #expect(throws: QuestionsMapper.Error.invalidData(#"items.0: missing "tags""#)) {
            try QuestionsMapper.map(data: json, response: ok)
        }
    }

    @Test(arguments: ["", "null", "[]", "garbage", #"{"items":null,"has_more":false}"#, #"{"has_more":false}"#])
    func whatIsNotAWrapperIsInvalidData(body: String) {
        #expect(isInvalidData { try QuestionsMapper.map(data: Data(body.utf8), response: ok) })
    }

    @Test func aStillCompressedBodyIsNamedAsSuch() {
        #expect(throws: QuestionsMapper.Error.compressedBody) {
            try QuestionsMapper.map(data: Data([0x1F, 0x8B, 0x08, 0x00, 0x00]), response: ok)
        }
    }

    @Test func errorsReadWell() {
        #expect(
            QuestionsMapper.Error.unexpectedStatus(503).localizedDescription
                == "The Stack Exchange API answered with HTTP 503 and no error details.")
        #expect(QuestionsMapper.Error.unexpectedStatus(503).recoverySuggestion == "Wait a moment, then try again.")
        #expect(
            QuestionsMapper.Error.invalidData("items.0: missing \"tags\"").localizedDescription
                == "The Stack Exchange API sent data that could not be read (items.0: missing \"tags\").")
    }

    private let ok = HTTPResponse(statusCode: 200)

    private func isInvalidData<Value>(_ body: () throws -> Value) -> Bool {
        do {
            _ = try body()
            return false
        } catch QuestionsMapper.Error.invalidData {
            return true
        } catch {
            return false
        }
    }
}

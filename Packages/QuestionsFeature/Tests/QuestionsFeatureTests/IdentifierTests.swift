import Foundation
import QuestionsFeature
import Testing

@Suite struct IdentifierTests {
    private struct Wrapper: Decodable {
        let id: Question.ID
    }

    @Test(arguments: [
        (#"{"id":79123456}"#, "79123456"),
        (#"{"id":"79123456"}"#, "79123456"),
        (#"{"id":"abc-1"}"#, "abc-1"),
        (#"{"id":18446744073709551615}"#, "18446744073709551615"),
        (#"{"id":-7}"#, "-7"),
    ])
    func decodesFromANumberOrAString(json: String, rawValue: String) throws {
        let decoded = try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))

        #expect(decoded.id == Question.ID(rawValue))
    }

    @Test(arguments: [#"{"id":""}"#, #"{"id":1.5}"#, #"{"id":true}"#, #"{"id":null}"#, #"{"id":[1]}"#, #"{}"#])
    func rejectsWhatIsNotAnIdentifier(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Wrapper.self, from: Data(json.utf8))
        }
    }

    @Test func numberAndStringGiveTheSameIdentifier() throws {
        let number = try JSONDecoder().decode(Wrapper.self, from: Data(#"{"id":42}"#.utf8))
        let string = try JSONDecoder().decode(Wrapper.self, from: Data(#"{"id":"42"}"#.utf8))

        #expect(number.id == string.id)
        #expect(Set([number.id, string.id]).count == 1)
    }

    @Test func encodesAsAString() throws {
        let data = try JSONEncoder().encode(["id": Question.ID("42")])

        #expect(String(decoding: data, as: UTF8.self) == #"{"id":"42"}"#)
    }

    @Test func readsAsItsRawValue() {
        let id: User.ID = "5512"

        #expect(id.description == "5512")
        #expect("\(id)" == "5512")
        #expect(id.rawValue == "5512")
    }
}

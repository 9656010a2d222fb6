import HTTPClient
import Testing

struct HTTPHeadersTests {
    @Test func getsAFieldUnderAnySpellingOfItsName() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]

        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Length"] == nil)
    }

    @Test func settingANameReplacesEverySpellingAndKeepsTheNewOne() {
        var headers: HTTPHeaders = ["Accept": "text/plain", "X-Trace": "1"]

        headers["ACCEPT"] = "application/json"

        #expect(headers.count == 2)
        #expect(Array(headers).map(\.name) == ["ACCEPT", "X-Trace"])
        #expect(headers["accept"] == "application/json")
    }

    @Test func settingNilRemovesTheField() {
        var headers: HTTPHeaders = ["Accept": "text/plain"]

        headers["accept"] = nil

        #expect(headers.isEmpty)
        #expect(!headers.contains("Accept"))
    }

    @Test func aLaterLiteralEntryReplacesAnEarlierSpelling() {
        let headers: HTTPHeaders = ["x-id": "1", "X-Id": "2"]

        #expect(headers.count == 1)
        #expect(Array(headers).map(\.name) == ["X-Id"])
        #expect(headers["X-ID"] == "2")
    }

    @Test func iteratesFieldsInInsertionOrderWithTheCallersSpelling() {
        var headers = HTTPHeaders()
        headers["b-Header"] = "2"
        headers["A-header"] = "1"

        let fields = headers.map { "\($0.name)=\($0.value)" }

        #expect(fields == ["b-Header=2", "A-header=1"])
    }

    @Test func equalityIgnoresNameCaseAndOrderButNotValues() {
        let lhs: HTTPHeaders = ["Accept": "a", "X-Id": "1"]

        #expect(lhs == ["x-id": "1", "ACCEPT": "a"])
        #expect(lhs != ["Accept": "A", "X-Id": "1"])
        #expect(lhs != ["Accept": "a"])
        #expect(Set([lhs, ["x-id": "1", "accept": "a"]]).count == 1)
    }

    @Test func mergingReplacesSameNamedFields() {
        let base: HTTPHeaders = ["Accept": "a", "X-Id": "1"]

        let merged = base.merging(["accept": "b", "X-New": "2"])

        #expect(merged == ["Accept": "b", "X-Id": "1", "X-New": "2"])
        #expect(merged.count == 3)
    }

    @Test func initialisesFromADictionaryInSortedNameOrder() {
        let headers = HTTPHeaders(["b": "2", "a": "1"])

        #expect(headers.map(\.name) == ["a", "b"])
    }

    @Test func namesThatOnlyShareAPrefixAreDifferentFields() {
        let headers: HTTPHeaders = ["Accept": "a", "Accept-Encoding": "gzip"]

        #expect(headers["accept"] == "a")
        #expect(headers.count == 2)
    }

    @Test func describesFieldsOnePerLine() {
        let headers: HTTPHeaders = ["Accept": "a", "X-Id": "1"]

        #expect(headers.description == "Accept: a\nX-Id: 1")
    }
}

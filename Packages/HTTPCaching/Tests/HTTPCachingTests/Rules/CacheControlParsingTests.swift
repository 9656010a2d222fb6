import Foundation
import HTTPClient
import Testing

@testable import HTTPCaching

/// `Cache-Control` read as a list of directives (RFC 9111, 5.2) whose arguments may be quoted strings
/// (RFC 9110, 5.6.4), on the response side and in the caller's own request.
struct CacheControlParsingTests {
    @Test func commasInsideAQuotedArgumentDoNotSplitTheList() {
        let directives = CacheControl(#"no-cache="a, b", max-age=60"#)

        #expect(directives.argument("no-cache") == "a, b")
        #expect(directives.fieldNames("no-cache") == ["a", "b"])
        #expect(directives.seconds("max-age") == 60)
        #expect(!directives.has("b\""))
    }

    @Test(
        arguments: [
            (#"ext="a\"b, c", max-age=5"#, #"a"b, c"#),
            (#"ext="x\\", max-age=5"#, #"x\"#),
            (#"ext="\,\=", max-age=5"#, ",="),
            (#"ext="é\é", max-age=5"#, "éé"),
        ])
    func aBackslashInAQuotedArgumentEscapesTheNextCharacter(value: String, argument: String) {
        let directives = CacheControl(value)

        #expect(directives.argument("ext") == argument)
        #expect(directives.seconds("max-age") == 5)
    }

    @Test func anUnterminatedQuotedArgumentRunsToTheEndOfTheField() {
        let directives = CacheControl(#"no-cache="a, max-age=60"#)

        #expect(directives.fieldNames("no-cache") == ["a", "max-age=60"])
        #expect(!directives.has("max-age"))
    }

    @Test func aQuotedFieldListNamingDirectivesDoesNotSetThem() {
        let directives = CacheControl(#"private="Set-Cookie, no-cache, no-store", max-age=60"#)

        #expect(directives.has("private") && !directives.hasUnqualified("private"))
        #expect(!directives.has("no-cache") && !directives.has("no-store"))
        #expect(directives.fieldNames("private") == ["set-cookie", "no-cache", "no-store"])
    }

    @Test(
        arguments: [
            ("no-cache", true), (#"No-CaChE="""#, true), (#"no-cache="a", no-cache"#, true),
            (#"no-cache="a""#, false), ("no-cache=a", false), ("max-age=5", false),
        ])
    func aDirectiveIsUnqualifiedWhenAnyOccurrenceHasNoArgument(value: String, unqualified: Bool) {
        #expect(CacheControl(value).hasUnqualified("no-cache") == unqualified)
    }

    @Test func fieldNamesComeLowercasedFromEveryOccurrence() {
        let directives = CacheControl(#"no-cache="Set-Cookie,,  X-A ", no-cache=X-B"#)

        #expect(directives.fieldNames("no-cache") == ["set-cookie", "x-a", "x-b"])
        #expect(directives.fieldNames("private").isEmpty)
    }

    @Test func argumentsKeepTheirEarlierMeaning() {
        let directives = CacheControl(#"MAX-AGE="3600", max-stale, s-maxage = 10 , =5, "#)

        #expect(directives.seconds("max-age") == 3600)
        #expect(directives.argument("max-stale") == "")
        #expect(directives.seconds("s-maxage") == 10)
        #expect(directives.argument("") == nil)
    }

    @Test func theRequestsDirectivesReadQuotedListsTheSameWay() {
        let plain = RequestDirectives(["Cache-Control": "max-stale, no-cache, min-fresh=5, max-age=9"])
        let quoted = RequestDirectives([
            "Cache-Control": #"x-note="max-age=0, no-store", max-stale, no-cache, min-fresh="5", max-age=9"#
        ])

        for directives in [plain, quoted] {
            #expect(directives.noCache && !directives.noStore)
            #expect(directives.maxStale == .infinity && directives.minFresh == 5 && directives.maxAge == 9)
        }
    }
}

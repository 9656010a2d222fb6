import Foundation
import HTTPClient
import Testing

struct HTTPDateTests {
    private let expected = Date(timeIntervalSince1970: 784_111_777)

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func readsTheThreeFormatsRecipientsMustAccept(text: String) {
        #expect(HTTPDate.parse(text, now: Date(timeIntervalSince1970: 1_700_000_000)) == expected)
    }

    @Test(arguments: ["", "0", "-1", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "tomorrow"])
    func rejectsAnythingElse(text: String) {
        #expect(HTTPDate.parse(text, now: expected) == nil)
    }
}

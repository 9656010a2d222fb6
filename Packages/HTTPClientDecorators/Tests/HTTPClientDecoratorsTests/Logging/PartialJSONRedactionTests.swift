import Testing

@testable import HTTPClientDecorators

struct PartialJSONRedactionTests {
    @Test(arguments: [
        (#"{"a":1,"password":"hunter2","b":2}"#, #"{"a":1,"password":"<redacted>","b":2}"#),
        (#"{"password" : {"x":["}",1]}, "b":2"#, #"{"password" : "<redacted>", "b":2"#),
        (#"{"password":[1,2],"b":"#, #"{"password":"<redacted>","b":"#),
        (#"{"password":12345}"#, #"{"password":"<redacted>"}"#),
        (#"[{"token":"ok","password":"hun"#, #"[{"token":"ok","password":"<redacted>""#),
        (#"{"\u0070assword":"x"}"#, #"{"\u0070assword":"<redacted>"}"#),
        (#"{"note":"say \"password\": no","pass"#, #"{"note":"say \"password\": no","pass"#),
        (#"{"password""#, #"{"password""#),
    ])
    func hidesTheValuesOfSecretKeys(_ text: String, _ expected: String) {
        #expect(PartialJSONRedaction.redact(text) { $0 == "password" } == expected)
    }
}

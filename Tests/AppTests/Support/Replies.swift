import Foundation
import HTTPClient

/// Canned server answers for composition tests.
enum Replies {
    static func text(_ body: String, status: Int = 200) -> (Data, HTTPResponse) {
        (Data(body.utf8), HTTPResponse(statusCode: status, headers: ["Content-Type": "text/plain; charset=utf-8"]))
    }

    static func json(_ body: String, status: Int = 200) -> (Data, HTTPResponse) {
        (Data(body.utf8), HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"]))
    }

    /// `POST v1/auth/token`'s answer carrying `token`.
    static func issued(_ token: String) -> (Data, HTTPResponse) {
        json(#"{"access_token":"\#(token)","token_type":"Bearer","expires_in":300}"#)
    }

    /// A 503 that asks for an immediate retry, so retry tests never wait.
    static let unavailable = (
        Data("busy".utf8), HTTPResponse(statusCode: 503, headers: ["Retry-After": "0", "Content-Type": "text/plain"])
    )

    static let unauthorized = (
        Data("access token expired".utf8),
        HTTPResponse(statusCode: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
    )

    /// A Stack Exchange wrapper holding one question whose owner's avatar is `avatarURL`.
    static func questionsPage(id: String = "79123456", avatarURL: String = "http://cdn.example.test:8080/a/zoe.png")
        -> (Data, HTTPResponse)
    {
        json(
            #"""
            {"items":[{"question_id":\#(id),"title":"Why &quot;async&quot;?","tags":["swift"],"score":3,
            "answer_count":1,"view_count":212,"is_answered":true,"creation_date":1731492300,
            "body":"<p>Body <code>text</code></p>",
            "owner":{"user_id":5512,"user_type":"registered","display_name":"Zoë","profile_image":"\#(avatarURL)"}}],
            "has_more":true,"quota_max":10000,"quota_remaining":9999}
            """#)
    }

    /// The first bytes of a 2x3 PNG: signature and IHDR, enough for format and size detection.
    static let png: (Data, HTTPResponse) = (
        Data([
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3,
        ])
            + Data(repeating: 0, count: 16),
        HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"])
    )
}

/// The `response` object of an entry.
public struct HARResponse: Codable, Sendable, Equatable {
    /// The status code; `0` when no response arrived.
    public var status: Int
    /// The reason phrase, for example `"OK"`; empty when unknown.
    public var statusText: String
    /// The protocol version; empty when unknown.
    public var httpVersion: String
    /// Cookies set; this package leaves them in the `Set-Cookie` header.
    public var cookies: [HARNameValue]
    /// The header fields, in order.
    public var headers: [HARNameValue]
    /// The body, decoded (any `Content-Encoding` already undone).
    public var content: HARContent
    /// The `Location` of a redirect; empty otherwise.
    public var redirectURL: String
    /// Bytes of the response head; `-1` when unknown.
    public var headersSize: Int
    /// Bytes of the body as transferred; `-1` when unknown.
    public var bodySize: Int

    /// Creates a response.
    public init(
        status: Int, statusText: String, httpVersion: String = "", cookies: [HARNameValue] = [],
        headers: [HARNameValue] = [], content: HARContent, redirectURL: String = "", headersSize: Int = -1,
        bodySize: Int
    ) {
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.content = content
        self.redirectURL = redirectURL
        self.headersSize = headersSize
        self.bodySize = bodySize
    }

    private enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize
    }

    /// Reads a response; only `status` is needed, the rest defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeInteger(.status, or: 0)
        statusText = try container.decode(.statusText, or: "")
        httpVersion = try container.decode(.httpVersion, or: "")
        cookies = try container.decode(.cookies, or: [])
        headers = try container.decode(.headers, or: [])
        content = try container.decode(.content, or: HARContent(size: 0, mimeType: ""))
        redirectURL = try container.decode(.redirectURL, or: "")
        headersSize = try container.decodeInteger(.headersSize, or: -1)
        bodySize = try container.decodeInteger(.bodySize, or: -1)
    }
}

/// The `content` object: a response body.
public struct HARContent: Codable, Sendable, Equatable {
    /// The body's length in bytes, decoded.
    public var size: Int
    /// The body's `Content-Type`; empty when none was sent.
    public var mimeType: String
    /// The body: UTF-8 text, or base64 when ``encoding`` is `"base64"`; `nil` when not recorded.
    public var text: String?
    /// `"base64"` for a body that is not UTF-8 text; `nil` otherwise.
    public var encoding: String?
    /// A free-text comment, if any: for a streamed body, that ``text`` holds only its first bytes, or that the
    /// body was not read to its end.
    public var comment: String?

    /// Creates content.
    public init(size: Int, mimeType: String, text: String? = nil, encoding: String? = nil) {
        self.size = size
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    /// Creates content with a comment.
    public init(size: Int, mimeType: String, text: String?, encoding: String?, comment: String?) {
        self.init(size: size, mimeType: mimeType, text: text, encoding: encoding)
        self.comment = comment
    }

    private enum CodingKeys: String, CodingKey {
        case size, mimeType, text, encoding, comment
    }

    /// Reads content; missing fields default (no text with a size of 0 or less is an empty body).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decodeInteger(.size, or: -1)
        mimeType = try container.decode(.mimeType, or: "")
        text = try container.decodeIfPresent(String.self, forKey: .text)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// The `request` object of an entry.
public struct HARRequest: Codable, Sendable, Equatable {
    /// The method, for example `"GET"`.
    public var method: String
    /// The absolute URL, query included.
    public var url: String
    /// The protocol version, for example `"HTTP/1.1"`; empty when unknown.
    public var httpVersion: String
    /// Cookies sent; this package leaves them in the `Cookie` header.
    public var cookies: [HARNameValue]
    /// The header fields, in order.
    public var headers: [HARNameValue]
    /// The query items, in order.
    public var queryString: [HARNameValue]
    /// The body, if any.
    public var postData: HARPostData?
    /// Bytes of the request head; `-1` when unknown.
    public var headersSize: Int
    /// Bytes of the body; `0` for none, `-1` when unknown.
    public var bodySize: Int

    /// Creates a request.
    public init(
        method: String, url: String, httpVersion: String = "", cookies: [HARNameValue] = [],
        headers: [HARNameValue] = [], queryString: [HARNameValue] = [], postData: HARPostData? = nil,
        headersSize: Int = -1, bodySize: Int
    ) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.cookies = cookies
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        self.headersSize = headersSize
        self.bodySize = bodySize
    }

    private enum CodingKeys: String, CodingKey {
        case method, url, httpVersion, cookies, headers, queryString, postData, headersSize, bodySize
    }

    /// Reads a request; only `method` and `url` are needed, the rest defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decode(.httpVersion, or: "")
        cookies = try container.decode(.cookies, or: [])
        headers = try container.decode(.headers, or: [])
        queryString = try container.decode(.queryString, or: [])
        postData = try container.decodeIfPresent(HARPostData.self, forKey: .postData)
        headersSize = try container.decodeInteger(.headersSize, or: -1)
        bodySize = try container.decodeInteger(.bodySize, or: -1)
    }
}

/// The `postData` object: a request body.
public struct HARPostData: Codable, Sendable, Equatable {
    /// The body's `Content-Type`; empty when none was sent.
    public var mimeType: String
    /// The body as text; empty when the recorder left it out (``comment`` says why).
    public var text: String
    /// `"base64"` when ``text`` holds the bytes of a body that is not UTF-8 text (an extension that
    /// mitmproxy and others read; HAR 1.2 defines it for responses only).
    public var encoding: String?
    /// A free-text comment, if any: for a streamed body, that ``text`` holds only its first bytes, or that the
    /// body was not read to its end.
    public var comment: String?

    /// Creates a body.
    public init(mimeType: String, text: String, encoding: String? = nil) {
        self.mimeType = mimeType
        self.text = text
        self.encoding = encoding
    }

    /// Creates a body with a comment.
    public init(mimeType: String, text: String, encoding: String?, comment: String?) {
        self.init(mimeType: mimeType, text: text, encoding: encoding)
        self.comment = comment
    }

    private enum CodingKeys: String, CodingKey {
        case mimeType, text, encoding, comment
    }

    /// Reads a body; missing fields are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decode(.mimeType, or: "")
        text = try container.decode(.text, or: "")
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

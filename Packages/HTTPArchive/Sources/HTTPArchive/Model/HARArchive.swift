/// A whole HAR 1.2 document: `{"log": {...}}`.
public struct HARArchive: Codable, Sendable, Equatable {
    /// The log: who wrote it and every recorded exchange.
    public var log: HARLog

    /// Creates a document around `log`.
    public init(log: HARLog) {
        self.log = log
    }
}

/// The `log` object of a HAR document.
public struct HARLog: Codable, Sendable, Equatable {
    /// The format version, `"1.2"` for archives this package writes.
    public var version: String
    /// The tool that wrote the archive.
    public var creator: HARCreator
    /// Every exchange, in the order the writer recorded them.
    public var entries: [HAREntry]
    /// A free-text comment, if any.
    public var comment: String?

    /// Creates a log.
    public init(version: String = "1.2", creator: HARCreator, entries: [HAREntry], comment: String? = nil) {
        self.version = version
        self.creator = creator
        self.entries = entries
        self.comment = comment
    }

    private enum CodingKeys: String, CodingKey {
        case version, creator, entries, comment
    }

    /// Reads a log; only `entries` is needed, the rest defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(.version, or: "1.2")
        creator = try container.decode(.creator, or: HARCreator(name: "", version: ""))
        entries = try container.decode([HAREntry].self, forKey: .entries)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// The `creator` object: the writing tool's name and version.
public struct HARCreator: Codable, Sendable, Equatable {
    /// The tool's name, for example `"HTTPArchive"` or `"WebInspector"`.
    public var name: String
    /// The tool's version.
    public var version: String

    /// Creates a creator.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case name, version
    }

    /// Reads a creator; missing fields are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(.name, or: "")
        version = try container.decode(.version, or: "")
    }
}

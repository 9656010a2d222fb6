import Foundation

/// The directives of a `Cache-Control` field (RFC 9111, 5.2): names lowercased, quotes removed.
struct CacheControl {
    private var directives: [String: String] = [:]

    init(_ value: String?) {
        guard let value else { return }
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let rawName = pieces.first else { continue }
            let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            var argument = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : ""
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                argument = String(argument.dropFirst().dropLast())
            }
            directives[name] = argument
        }
    }

    /// Whether the directive `name` is present.
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// The directive's argument, quotes removed: empty when it has none, `nil` when the directive is absent.
    func argument(_ name: String) -> String? { directives[name] }

    /// The directive's delta-seconds argument; `nil` when absent or not a non-negative whole number.
    func seconds(_ name: String) -> TimeInterval? {
        directives[name].flatMap(Self.deltaSeconds)
    }

    /// The most seconds a delta-seconds value counts for: 2^31 (RFC 9111, 1.2.2).
    static let greatestDeltaSeconds: TimeInterval = 2_147_483_648

    /// `text` as delta-seconds (RFC 9111, 1.2.2): digits only, at most ``greatestDeltaSeconds``; `nil` otherwise.
    static func deltaSeconds(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return min(TimeInterval(text) ?? greatestDeltaSeconds, greatestDeltaSeconds)
    }
}

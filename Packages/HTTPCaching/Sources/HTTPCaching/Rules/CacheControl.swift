import Foundation

/// The directives of a `Cache-Control` field (RFC 9111, 5.2): names lowercased, quoted-string arguments unquoted.
///
/// The field is a list whose members are split at the commas outside quoted strings (RFC 9110, 5.6.1 and 5.6.4),
/// so `no-cache="a, b"` is one directive listing two field names. Of a directive given several times, the last
/// argument counts, but ``hasUnqualified(_:)`` and ``fieldNames(_:)`` see every occurrence.
struct CacheControl {
    /// Each directive's arguments, in the order they came; an empty argument for a directive without one.
    private var directives: [String: [String]] = [:]

    init(_ value: String?) {
        guard let value else { return }
        for member in QuotedStringList.members(value) {
            let pieces = member.split(separator: "=", maxSplits: 1)
            guard let rawName = pieces.first else { continue }
            let name = rawName.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            let argument = pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : ""
            directives[name, default: []].append(QuotedStringList.unquoted(argument))
        }
    }

    /// Whether the directive `name` is present.
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// The directive's argument, quotes removed: empty when it has none, `nil` when the directive is absent.
    func argument(_ name: String) -> String? { directives[name]?.last }

    /// Whether the directive `name` is present at least once without an argument (or with an empty one), as the
    /// unqualified `no-cache` of RFC 9111, 5.2.2.4.
    func hasUnqualified(_ name: String) -> Bool { directives[name]?.contains(where: \.isEmpty) ?? false }

    /// The field names a qualified directive lists, such as `no-cache="Set-Cookie, X-Token"` (RFC 9111, 5.2.2.4
    /// and 5.2.2.7): lowercased, from every occurrence; empty when the directive is absent or has no argument.
    func fieldNames(_ name: String) -> [String] {
        (directives[name] ?? []).flatMap { argument in
            argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }.filter { !$0.isEmpty }
    }

    /// The directive's delta-seconds argument; `nil` when absent or not a non-negative whole number.
    func seconds(_ name: String) -> TimeInterval? {
        argument(name).flatMap(Self.deltaSeconds)
    }

    /// The most seconds a delta-seconds value counts for: 2^31 (RFC 9111, 1.2.2).
    static let greatestDeltaSeconds: TimeInterval = 2_147_483_648

    /// `text` as delta-seconds (RFC 9111, 1.2.2): digits only, at most ``greatestDeltaSeconds``; `nil` otherwise.
    static func deltaSeconds(_ text: String) -> TimeInterval? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return min(TimeInterval(text) ?? greatestDeltaSeconds, greatestDeltaSeconds)
    }
}

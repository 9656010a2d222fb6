import Foundation

extension TraceContext {
    /// The context a `traceparent` header names, with `tracestate` when it follows the W3C grammar; `nil` when
    /// the `traceparent` does not follow the W3C Trace Context rules.
    ///
    /// Read: two lowercase hex digits of version (not `ff`), then `-`, 32 hex digits of trace id, `-`, 16 of
    /// parent id and `-`, 2 of flags, neither id all zeros. Version `00` has exactly that length; a later
    /// version may append fields after another `-`, which are ignored. Only the flags Trace Context defines
    /// (``definedFlags``) are kept. A `tracestate` that is empty, holds more than 32 members, an invalid key or
    /// value, a key twice, or more than 512 characters counts as none: it is dropped, and the context stands.
    public init?(traceparent: String, tracestate: String? = nil) {
        let text = traceparent.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        let bytes = Array(text.utf8)
        guard bytes.count >= 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"),
            bytes[52] == UInt8(ascii: "-")
        else { return nil }
        let version = text.prefix(2)
        guard HexDigits.value(of: version) != nil, version != "ff" else { return nil }
        if version == "00" {
            guard bytes.count == 55 else { return nil }
        } else if bytes.count > 55 {
            guard bytes[55] == UInt8(ascii: "-") else { return nil }
        }
        let utf8 = text.utf8
        guard let traceID = TraceID(hex: Self.field(utf8, 3, 32)),
            let spanID = SpanID(hex: Self.field(utf8, 36, 16)),
            let flags = HexDigits.value(of: Self.field(utf8, 53, 2))
        else { return nil }
        let state = tracestate.flatMap(TraceState.validated)
        self.init(traceID: traceID, spanID: spanID, flags: UInt8(flags) & Self.definedFlags, traceState: state)
    }

    /// The `traceparent` header of this context: version `00`, lowercase hex, with only the ``definedFlags``.
    public var traceparent: String {
        String(unsafeUninitializedCapacity: 55) { buffer in
            let dash = UInt8(ascii: "-")
            HexDigits.write(UInt8(0), into: buffer, at: 0)
            buffer[2] = dash
            HexDigits.write(traceID.high, into: buffer, at: 3)
            HexDigits.write(traceID.low, into: buffer, at: 19)
            buffer[35] = dash
            HexDigits.write(spanID.value, into: buffer, at: 36)
            buffer[52] = dash
            HexDigits.write(flags & Self.definedFlags, into: buffer, at: 53)
            return 55
        }
    }

    /// The propagation headers: `traceparent`, and `tracestate` when the context has one that follows the
    /// grammar.
    public var headers: [(name: String, value: String)] {
        [("traceparent", traceparent)] + (validTraceState.map { [("tracestate", $0)] } ?? [])
    }

    /// ``traceState`` when it follows the W3C grammar; `nil` otherwise.
    var validTraceState: String? { traceState.flatMap(TraceState.validated) }

    private static func field(_ utf8: String.UTF8View, _ offset: Int, _ length: Int) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        let end = utf8.index(start, offsetBy: length)
        return Substring(String(utf8[start..<end]) ?? "")
    }
}

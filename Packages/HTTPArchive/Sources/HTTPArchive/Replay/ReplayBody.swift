import Foundation

/// A request body as replay compares it: its bytes, or a recorded body the archive left out.
enum ReplayBody: Hashable, Sendable {
    case bytes(Data)
    /// The recorder left the body out (a secret body, or one it could not read): it answers any body.
    case leftOut

    /// The body of a recorded `postData`; `nil` for an empty one.
    init?(recorded postData: HARPostData) {
        if postData.text.isEmpty {
            guard postData.comment != nil else { return nil }
            self = .leftOut
            return
        }
        self = .bytes(HARBody.data(text: postData.text, encoding: postData.encoding) ?? Data(postData.text.utf8))
    }

    /// Whether a request with `body` is answered by an entry recorded with `recorded`: always when the request
    /// has no body or the recorded one was left out; else when the bytes are equal, or both are JSON with the
    /// same value (a recorded `"[redacted]"` stands for any value).
    static func answers(_ body: ReplayBody?, with recorded: ReplayBody?) -> Bool {
        guard case .bytes(let sent) = body else { return true }
        switch recorded {
        case .leftOut: return true
        case nil: return false
        case .bytes(let kept): return sent == kept || JSONValue.equal(sent, kept)
        }
    }

    /// The body as one line of at most `limit` characters, for messages.
    func excerpt(limit: Int = 80) -> String {
        guard case .bytes(let data) = self else { return "left out" }
        guard let text = String(validating: data, as: UTF8.self) else { return "\(data.count) bytes of binary data" }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}

/// JSON compared as values, a recorded `"[redacted]"` standing for any value.
private enum JSONValue {
    static func equal(_ sent: Data, _ recorded: Data) -> Bool {
        guard let lhs = try? JSONSerialization.jsonObject(with: sent, options: [.fragmentsAllowed]),
            let rhs = try? JSONSerialization.jsonObject(with: recorded, options: [.fragmentsAllowed])
        else { return false }
        return equal(lhs, rhs)
    }

    private static func equal(_ sent: Any, _ recorded: Any) -> Bool {
        if let recorded = recorded as? String, recorded == HARRecorder.redactedValue { return true }
        switch (sent, recorded) {
        case (let sent as [String: Any], let recorded as [String: Any]):
            return Set(sent.keys) == Set(recorded.keys)
                && sent.allSatisfy { key, value in recorded[key].map { equal(value, $0) } ?? false }
        case (let sent as [Any], let recorded as [Any]):
            return sent.count == recorded.count && zip(sent, recorded).allSatisfy { equal($0, $1) }
        case (let sent as String, let recorded as String):
            return sent == recorded
        case (let sent as NSNumber, let recorded as NSNumber):
            return sent == recorded
        default:
            return sent is NSNull && recorded is NSNull
        }
    }
}

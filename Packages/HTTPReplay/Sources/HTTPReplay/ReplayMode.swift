import Foundation

/// Where a ``ReplayTrait`` takes its answers from, and whether it writes its archive.
public enum ReplayMode: Sendable, Equatable {
    /// Answer only from the archive; a request it lacks fails the test; never the network.
    case playback
    /// Send through the live client and write the archive, replacing it.
    case record
    /// Playback when the archive exists, else record.
    case once
    /// The live client, archive ignored, nothing written.
    case live
    /// ``environmentVariable`` held a value that names no mode: a test with this mode fails, naming the value.
    case unrecognized(String)

    /// The variable ``init(environment:)`` reads: `NETWORKING_REPLAY`.
    public static let environmentVariable = "NETWORKING_REPLAY"

    /// From NETWORKING_REPLAY (playback|record|once|live); playback when unset. An unknown value fails the test.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let value = environment[Self.environmentVariable]?.trimmingCharacters(in: .whitespaces) ?? ""
        switch value.lowercased() {
        case "", "playback": self = .playback
        case "record": self = .record
        case "once": self = .once
        case "live": self = .live
        default: self = .unrecognized(value)
        }
    }
}

import Foundation
import HTTPClient
import HTTPClientTestSupport

/// The signal a slow consumer waits on: the transport has stopped receiving while the consumer is behind.
enum SlowConsumer {
    /// The most bytes a transport may hold received but not yet consumed: 1 MiB.
    static let limit: Int64 = 1024 * 1024

    /// Returns once the transport holds back (its progress has not moved for 3 readings 10 ms apart while the
    /// server's bytes wait unread in the socket), holds more than `limit` unconsumed bytes, or has received
    /// `total`. The kernel sends no notification for either, so this reads both every 10 ms, for at most 30 s.
    static func waitUntilHeldBack(
        progress: ProgressLog, consumed: Int64, limit: Int64, port: Int, total: Int64
    ) async throws {
        var unchangedReadings = 0
        var last = progress.latest.bytesReceived
        for _ in 0..<3_000 {
            let received = progress.latest.bytesReceived
            if received - consumed > limit || received >= total { return }
            unchangedReadings = received == last ? unchangedReadings + 1 : 0
            last = received
            if unchangedReadings >= 3, (UnreadSocketBytes.towards(port: port) ?? .max) >= 64 * 1024 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw LoopbackListener.Failure(
            description: "the transport neither held back nor went past \(limit) unconsumed bytes within 30 s")
    }
}
